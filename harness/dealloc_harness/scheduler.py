"""Executors for campaigns: inline (-j 1), local processes (-j N) and Dask
distributed (--scheduler ADDR, or `local` for a LocalCluster of -j workers).

All of them yield results in submission order, so campaign results do not
depend on which worker finished first. Work is split by index ranges of one
seed (chunks), each chunk a task.
"""

import itertools
import os
import time
from concurrent.futures import ProcessPoolExecutor

from . import interrupt

HARNESS_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _chunks(indices, size):
    it = iter(indices)
    while True:
        chunk = list(itertools.islice(it, size))
        if not chunk:
            return
        yield chunk[0], chunk[-1] + 1


class _Base:
    chunk = 1
    window = 1

    def ordered(self, fn, seed, indices, cfg, deadline=None):
        """Yield fn(seed, a, b, cfg)'s per-index results in index order;
        stop submitting new chunks once `deadline` has passed."""
        pending = []
        chunks = _chunks(indices, self.chunk)
        exhausted = False
        while True:
            while not exhausted and len(pending) < self.window and \
                    (deadline is None or time.monotonic() < deadline):
                try:
                    a, b = next(chunks)
                except StopIteration:
                    exhausted = True
                    break
                pending.append(self.submit(fn, seed, a, b, cfg))
            if not pending:
                return
            if deadline is not None and time.monotonic() >= deadline:
                exhausted = True
            yield from self.result(pending.pop(0))

    def map_ordered(self, fn, arglist):
        futures = [self.submit(fn, *args) for args in arglist]
        for fut in futures:
            yield self.result(fut)

    def stop_feeding(self):
        pass


class Inline(_Base):
    def submit(self, fn, *args):
        return (fn, args)

    def result(self, fut):
        fn, args = fut
        return fn(*args)

    def close(self):
        pass


class LocalProcesses(_Base):
    """A ProcessPoolExecutor. close() leaves nothing of it running: its
    manager thread is joined before the campaign returns. A pool shut down
    without waiting kept that thread alive into interpreter exit, where
    concurrent.futures' exit handler wakes it through its wake-up pipe
    without the lock the thread takes to close that pipe (Python 3.11):
    when the thread finished at that moment, the write hit the closed pipe
    and the campaign ended in an `OSError: [Errno 9] Bad file descriptor`
    traceback (seen at the end of stage campaigns, whose last step after
    the pool's is writing the report)."""

    def __init__(self, jobs):
        from .process import ignore_in_worker
        self.pool = ProcessPoolExecutor(max_workers=jobs,
                                        initializer=ignore_in_worker)
        self.window = 2 * jobs
        self.futures = []

    def submit(self, fn, *args):
        fut = self.pool.submit(fn, *args)
        self.futures = [f for f in self.futures if not f.done()] + [fut]
        return fut

    def result(self, fut):
        return interrupt.wait(fut)

    def close(self):
        if interrupt.requested() or not all(f.done() for f in self.futures):
            # Interrupted, or stopped early (--stop-after, --time): the
            # checks under way are not waited for; the workers are stopped.
            procs = list((getattr(self.pool, "_processes", None) or {}).values())
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.join(timeout=10)
                if proc.is_alive():
                    proc.kill()
        self.pool.shutdown(wait=True, cancel_futures=True)
        self.futures = []


class Dask(_Base):
    chunk = 5

    def __init__(self, address, jobs):
        os.environ["PYTHONPATH"] = os.pathsep.join(
            [HARNESS_DIR] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
        from distributed import Client, LocalCluster
        self.cluster = None
        if address in (None, "", "local"):
            self.cluster = LocalCluster(n_workers=jobs, threads_per_worker=1,
                                        processes=True, dashboard_address=None,
                                        silence_logs=40)
            self.client = Client(self.cluster)
        else:
            self.client = Client(address, timeout="10s")
            # Remote workers need the harness package on their path.
            self.client.run(exec, f"import sys; sys.path.insert(0, {HARNESS_DIR!r})")
        workers = max(1, len(self.client.scheduler_info().get("workers", {})))
        self.window = 2 * workers

    def submit(self, fn, *args):
        return self.client.submit(fn, *args, pure=False)

    def result(self, fut):
        return interrupt.wait(fut)

    def close(self):
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def make_executor(jobs, scheduler):
    if scheduler:
        return Dask(scheduler, jobs)
    if jobs and jobs > 1:
        return LocalProcesses(jobs)
    return Inline()
