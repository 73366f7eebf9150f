"""The computer's worker process: one child Python (``main.py bot-worker``, or the executable itself when
frozen) that runs one job at a time, sent and answered as length-prefixed pickles over its stdin/stdout.

Why not multiprocessing: the frozen app would need its runtime hook (about 40 ms of every start-up), and a
process pool cannot stop a job that is no longer wanted. Here a job cancelled while it runs stops the child
(the next job starts a fresh one), and the frame loop's only costs are pickling a job's few kilobytes and one
reader thread that sleeps on the pipe. The child lowers its own priority, so on a busy machine the frame loop
gets the processor first.
"""
from __future__ import annotations

import logging
import os
import struct
import sys
import threading
import weakref
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, BinaryIO, TypeVar

if TYPE_CHECKING:
    import subprocess
    from concurrent.futures import Future, ThreadPoolExecutor

log = logging.getLogger(__name__)
T = TypeVar("T")  # what a job returns
HEADER = struct.Struct(">I")
WORKER_NICE = 10  # the child's priority step down (POSIX); Windows gets BELOW_NORMAL_PRIORITY_CLASS
ARG = "bot-worker"


class WorkerStopped(RuntimeError):
    """The worker process ended before it answered (killed, crashed, or never started properly)."""


def worker_command() -> list[str]:
    """How to start the child: the executable itself when frozen, else this checkout's main.py."""
    if getattr(sys, "frozen", False):
        return [sys.executable, ARG]
    return [sys.executable, str(Path(__file__).resolve().parent.parent / "main.py"), ARG]


def _write(stream: IO[bytes], obj: object) -> None:
    import pickle  # here, as subprocess: start-up imports neither

    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(HEADER.pack(len(data)) + data)
    stream.flush()


def _read(stream: IO[bytes]) -> Any:
    """The next message, or raise EOFError when the other side has gone."""
    head = stream.read(HEADER.size)
    if len(head) < HEADER.size:
        raise EOFError
    size = HEADER.unpack(head)[0]
    data = stream.read(size)
    if len(data) < size:
        raise EOFError
    import pickle

    return pickle.loads(data)


class WorkerProcess:
    """An executor of one child process: ``submit(fn, *args)`` returns a Future; jobs run in order."""

    def __init__(self, command: list[str] | None = None) -> None:
        self.command = command or worker_command()
        self._lock = threading.Lock()
        self._queue: deque[tuple[int, Callable[..., Any], tuple, Future]] = deque()
        self._running: tuple[int, Future] | None = None
        self._proc: subprocess.Popen | None = None
        self._ids = 0
        self._closed = False
        self.starts = 0  # children started so far (a cancelled job costs one: tests check it)
        self._finalizer = weakref.finalize(self, _stop, [None])

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def submit(self, fn: Callable[..., T], /, *args: object) -> Future[T]:
        from concurrent.futures import Future

        future: Future[T] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the bot worker is shut down")
            self._child()  # a child that cannot start raises here (OSError): the caller may think elsewhere
            self._ids += 1
            self._queue.append((self._ids, fn, args, future))
            self._pump()
        return future

    def cancel(self, future: Future) -> None:
        """Forget ``future``'s job: dropped if it waits, and the child stopped if it runs it."""
        with self._lock:
            for item in list(self._queue):
                if item[3] is future:
                    self._queue.remove(item)
            if self._running is not None and self._running[1] is future:
                self._running = None
                self._kill()
            if not (future.cancel() or future.done()):
                future.set_exception(RuntimeError("cancelled"))
            self._pump()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            self._closed = True
            pending = [item[3] for item in self._queue] if cancel_futures else []
            if cancel_futures:
                self._queue.clear()
            if self._running is not None and cancel_futures:
                pending.append(self._running[1])
                self._running = None
            if not self._queue and self._running is None:
                self._kill()
        for f in pending:
            if not (f.cancel() or f.done()):
                f.set_exception(RuntimeError("shut down"))

    # --- inside the lock ---------------------------------------------------------------------------
    def _pump(self) -> None:
        """Send the next job when the child is free (starting a child when there is none)."""
        import pickle

        while self._running is None and self._queue:
            job_id, fn, args, future = self._queue.popleft()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                # the child ``submit`` just checked, else a new one: a second check of its exit (a waitpid)
                # cost about 70 us of the frame that starts a think
                proc = self._proc if self._proc is not None else self._child()
                assert proc.stdin is not None
                _write(proc.stdin, (job_id, fn, args))
            except OSError as exc:  # the child could not start, or died before it read the job
                self._kill()
                future.set_exception(WorkerStopped(f"the bot worker is gone ({exc!r})"))
                continue
            except (pickle.PicklingError, AttributeError, TypeError) as exc:  # a job that cannot be sent
                future.set_exception(exc)
                continue
            self._running = (job_id, future)

    def _child(self) -> subprocess.Popen:
        if self._proc is not None and self._proc.poll() is None:
            return self._proc
        import subprocess  # here, not at start-up: the menu never needs it
        flags = getattr(subprocess, "CREATE_NO_WINDOW", 0) | getattr(subprocess, "BELOW_NORMAL_PRIORITY_CLASS", 0)
        proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, creationflags=flags)
        self._proc = proc
        self.starts += 1
        self._finalizer.detach()
        self._finalizer = weakref.finalize(self, _stop, [proc])
        threading.Thread(target=_answers, args=(weakref.ref(self), proc), name="bot-answers", daemon=True).start()
        return proc

    def _kill(self) -> None:
        if self._proc is not None:
            _stop([self._proc])
            self._proc = None

    def _answer(self, proc: subprocess.Popen, message: tuple | None, why: str = "") -> None:
        """One answer from ``proc`` (None: it ended), on the reader thread."""
        with self._lock:
            if message is None:
                if self._proc is proc:
                    self._proc = None
                    if self._running is not None:
                        self._running[1].set_exception(WorkerStopped(f"the bot worker stopped ({why})"))
                        self._running = None
                    self._pump()
                return
            job_id, ok, value = message
            if self._running is None or self._running[0] != job_id:
                return  # a job cancelled meanwhile
            future = self._running[1]
            self._running = None
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)
            self._pump()
            if self._closed and self._running is None:
                self._kill()


def _answers(ref: weakref.ref, proc: subprocess.Popen) -> None:
    """The reader thread: hands each answer to the executor, holding it only while it does (so an executor
    nobody uses any more is collected, and its finalizer stops the child)."""
    import pickle

    assert proc.stdout is not None
    while True:
        try:
            message, why = _read(proc.stdout), ""
        except (EOFError, OSError, ValueError, pickle.UnpicklingError) as exc:  # ValueError: we closed it
            message, why = None, repr(exc)
        worker = ref()
        gone = worker is None
        if worker is not None:
            worker._answer(proc, message, why)
        del worker
        if message is None or gone:
            proc.stdout.close()
            return


class BotExecutor:
    """The computer's worker process (game/botworker.py), started on the first job, so a long think never shares
    the GIL with the frame loop; from source and in the frozen app alike. Where processes are unavailable (a
    sandbox without them) the same jobs run on one worker thread instead."""

    def __init__(self, processes: bool = True) -> None:
        self.processes = processes
        self._pool: WorkerProcess | ThreadPoolExecutor | None = None

    def _executor(self) -> WorkerProcess | ThreadPoolExecutor:
        if self._pool is None and self.processes:
            self._pool = WorkerProcess()
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor

            self._pool = ThreadPoolExecutor(1, thread_name_prefix="bot")
        return self._pool

    def submit(self, fn: Callable[..., T], /, *args: object) -> Future[T]:
        try:
            return self._executor().submit(fn, *args)
        except (OSError, RuntimeError) as exc:
            if not self.processes:
                raise
            log.warning("bot worker process failed (%s): thinking on a thread", exc)
            self.processes, self._pool = False, None
            return self._executor().submit(fn, *args)

    def cancel(self, future: Future) -> None:
        """The job is no longer wanted: it is dropped, or stopped if it runs in the worker process."""
        if isinstance(self._pool, WorkerProcess):
            self._pool.cancel(future)
        else:
            future.cancel()

    def fall_back(self, why: str) -> None:
        """The worker process failed: every job from now on runs on a thread of this process."""
        log.warning("bot worker process failed (%s): thinking on a thread", why)
        self.shutdown(wait=False, cancel_futures=True)
        self.processes = False

    @property
    def worker_pid(self) -> int | None:
        return self._pool.pid if isinstance(self._pool, WorkerProcess) else None

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)
            self._pool = None


def _stop(procs: list[subprocess.Popen | None]) -> None:
    import subprocess

    """Stop the child first: its reader thread then sees the end of its answers and closes that pipe (closing it
    here would wait for the reader's lock, that is, for the job)."""
    for proc in procs:
        if proc is None:
            continue
        if proc.poll() is None:
            proc.kill()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                log.warning("bot worker %s did not stop", proc.pid)
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:
            pass


def serve() -> int:
    """The child: answer jobs until the parent closes the pipe. Nothing else may write to stdout."""
    import pickle
    import queue

    jobs, answers = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr
    if hasattr(os, "nice"):
        try:
            os.nice(WORKER_NICE)
        except OSError:
            pass
    inbox: queue.SimpleQueue = queue.SimpleQueue()
    threading.Thread(target=_read_jobs, args=(jobs, inbox), name="jobs", daemon=True).start()
    while True:
        job_id, fn, args = inbox.get()
        try:
            reply = (job_id, True, fn(*args))
        except Exception as exc:  # the parent raises it from the job's future
            reply = (job_id, False, exc)
        try:
            _write(answers, reply)
        except (pickle.PicklingError, TypeError, AttributeError) as exc:
            _write(answers, (job_id, False, RuntimeError(f"unpicklable answer: {exc!r}")))
        except OSError:
            return 0


def _read_jobs(jobs: BinaryIO, inbox: Any) -> None:
    """The child's reader thread: each job into the inbox as it comes. The end of the pipe means the parent has
    gone (it closed the pipe, ended, or was killed): the child ends at once, even in the middle of a long think
    that nobody can receive any more, so no worker outlives its app."""
    import pickle

    while True:
        try:
            inbox.put(_read(jobs))
        except (EOFError, OSError, ValueError, pickle.UnpicklingError):
            os._exit(0)
