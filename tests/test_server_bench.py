"""The server section of ``make bench``: its anchors (a websockets echo at the same pace, pgbench, run-queue
wait) run and are printed beside the figures they anchor."""
from __future__ import annotations

import os
import sys

import pytest

from tools import server_anchors, server_load


@pytest.mark.skipif(sys.platform != "linux", reason="run-queue wait comes from Linux's /proc")
def test_run_queue_wait_is_read_for_every_thread_of_a_process():
    waited = server_anchors.run_queue_ms([os.getpid()])
    assert waited >= 0.0 and server_anchors.run_queue_ms([2**22 + 12345]) == 0.0  # no such process: nothing


def test_the_echo_anchor_times_paced_round_trips_in_processes_of_their_own():
    out = server_anchors.echo(4, 2.0)
    assert out["messages"] >= 4 and 0 < out["p50_ms"] <= out["p99_ms"], out
    assert "server_run_queue_ms" in out


def test_pgbench_runs_on_the_servers_cluster(pg_url):
    out = server_anchors.pgbench(pg_url, seconds=1)
    if "skipped" in out:
        pytest.skip(out["skipped"])
    assert out["tps"] > 0 and out["clients"] == 2, out


def test_every_p99_is_printed_with_its_anchors_and_the_machines_load():
    run = {"gateways": 2, "tables": 100, "p50_ms": 3.0, "p99_ms": 20.0, "p99_each_ms": [20.0], "actions_per_s": 95,
           "server_cpu_ms_per_action": 0.7, "server_run_queue_ms_per_s": 12.5, "driver_cores_busy": 0.1}
    report = {"cores": 2, "load_before": 1.0, "paced_seconds": 5.0,
              "sqlite": {"idle_memory": {}, "g2_t100": run},
              "postgresql": {"idle_memory": {}, "g2_t100": run, "fsync": "on", "pgbench": {"tps": 900}},
              "anchors": {"echo_t100": {"p50_ms": 0.3, "p99_ms": 2.0, "messages": 500}}}
    text = "\n".join(server_load.lines(report))
    assert "waited 12.5 ms/s for a core" in text and "load generator 0.1 cores" in text
    assert "pgbench on the same cluster (fsync on): {'tps': 900}" in text
    assert "anchor echo_t100: websockets echo at the same pace: p50 0.3 ms, p99 2.0 ms" in text
