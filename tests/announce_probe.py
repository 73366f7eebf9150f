"""Run inside a network namespace by tests/test_online_faults.py: ``serve --announce`` with one gateway must
announce itself and keep answering (python-zeroconf's blocking API inside the server's loop stalled it ~10 s and
then ended the process with EventLoopBlocked). Prints ANNOUNCED, PONG and ALIVE for what it saw."""
from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.online_bench import SimPlayer  # noqa: E402


def main() -> None:
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "serve", "--announce", "--name", "Kitchen",
                             "--workers", "1", "--memory", "--port", "0", "--log-level", "INFO"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            env=dict(os.environ, CARD_DUELS_NEARBY="1"))
    announced = threading.Event()
    errors: list[str] = []

    def read_log() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            errors.append(line)
            if "announced on the local network" in line:
                announced.set()

    threading.Thread(target=read_log, daemon=True).start()
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().split()[1]
        if announced.wait(8.0):
            print("ANNOUNCED", flush=True)

        async def ping() -> None:
            p = await SimPlayer.connect(url)
            await p.send("ping", id=1)
            await asyncio.wait_for(p.expect("pong"), 3.0)
            print("PONG", flush=True)

        asyncio.run(ping())
        time.sleep(float(sys.argv[1]) if len(sys.argv) > 1 else 0.0)
        if proc.poll() is None:
            print("ALIVE", flush=True)
    finally:
        proc.terminate()
        proc.wait(10)
        sys.stdout.write("".join(errors))


if __name__ == "__main__":
    main()
