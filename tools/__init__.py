"""Tools beside the product: screenshots, benchmarks and bot arenas. They import the product, never the reverse."""
