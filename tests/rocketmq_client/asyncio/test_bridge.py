"""The bridge between the core's threads and an event loop: results handed over with call_soon_threadsafe, a
coroutine run on the loop for a core thread (and refused, not waited for forever, once the loop is closed), the
pending futures failed at shutdown."""
from __future__ import annotations

import asyncio
import threading

import pytest

from rocketmq_client.asyncio.bridge import LoopCallback, PendingFutures, client_closed, run_on_loop
from rocketmq_client.exception import MQClientException


def test_callback_resolves_on_the_loop_from_another_thread() -> None:
    async def main() -> list:
        future = asyncio.get_running_loop().create_future()
        failed = asyncio.get_running_loop().create_future()
        threading.Thread(target=LoopCallback(future).on_success, args=("result",)).start()
        threading.Thread(target=LoopCallback(failed).on_exception, args=(ValueError("boom"),)).start()
        return [await future, await asyncio.gather(failed, return_exceptions=True)]

    result, (error,) = asyncio.run(main())
    assert result == "result" and isinstance(error, ValueError)


def test_callback_after_the_loop_closed_is_dropped() -> None:
    loop = asyncio.new_event_loop()
    future = loop.create_future()
    loop.close()
    LoopCallback(future).on_success("late")  # no exception: nobody awaits any more
    assert not future.done()


def test_run_on_loop_from_a_core_thread() -> None:
    async def double(value: int) -> int:
        await asyncio.sleep(0)
        return value * 2

    async def main() -> int:
        loop = asyncio.get_running_loop()
        running: set = set()
        result = await loop.run_in_executor(None, lambda: run_on_loop(loop, double, 21, running=running))
        assert not running
        return result

    assert asyncio.run(main()) == 42


def test_run_on_a_closed_loop_is_refused() -> None:
    loop = asyncio.new_event_loop()
    loop.close()

    async def never() -> None:
        raise AssertionError("not run")

    with pytest.raises(MQClientException, match="event loop of the asyncio client is closed"):
        run_on_loop(loop, never)
    with pytest.raises(MQClientException, match="is closed"):
        run_on_loop(None, never)


def test_loop_closing_while_a_core_thread_waits() -> None:
    """The loop stops without running the coroutine and is closed: the waiting thread gets an exception at its
    next check instead of waiting forever."""
    loop = asyncio.new_event_loop()
    outcome: list = []

    async def forever() -> None:
        await asyncio.Event().wait()

    def core_thread() -> None:
        try:
            run_on_loop(loop, forever)
        except MQClientException as e:
            outcome.append(e)

    waiter = threading.Thread(target=core_thread)
    waiter.start()
    loop.close()  # never ran: the coroutine is never started
    waiter.join(10)
    assert not waiter.is_alive() and outcome and "closed" in str(outcome[0])


def test_fail_all_fails_each_pending_future_once() -> None:
    async def main() -> None:
        pending = PendingFutures()
        futures = [pending.new_future() for _ in range(3)]
        futures[0].set_result("done")
        await asyncio.sleep(0)  # the done callback leaves the set
        assert len(pending) == 2
        pending.fail_all(lambda: client_closed("test"))
        for future in futures[1:]:
            with pytest.raises(MQClientException, match="test: the client was shut down while this call was pending"):
                await future
        await asyncio.sleep(0)
        assert len(pending) == 0

    asyncio.run(main())
