import Foundation
import Synchronization
import Testing
@testable import VCTable

@Suite("ContextChannel")
struct ContextChannelTests {
    @Test("Values from one thread arrive in order, on the context's thread, all of them")
    func orderAndThread() async {
        let context = TestContext()
        let received = Locked<[Int]>([])
        let offThread = Locked(0)
        let channel = ContextChannel<Int>(scheduler: context.scheduler) { value in
            received.withLock { $0.append(value) }
            if !context.scheduler.isCurrent { offThread.withLock { $0 += 1 } }
        }
        let count = 20_000
        await offPool {
            for value in 0..<count { channel.send(value) }
        }
        let done = await context.iterate(until: { received.value.count == count })
        #expect(done)
        #expect(received.value == Array(0..<count))
        #expect(offThread.value == 0, "values delivered on a thread that did not own the context")
        channel.close()
    }

    @Test("send never runs the handler inline, even on the thread that owns the context")
    func neverInline() async {
        let context = TestContext()
        let received = Locked<[String]>([])
        let channel = ContextChannel<String>(scheduler: context.scheduler) { value in
            received.withLock { $0.append(value) }
        }
        let inline = await context.whileOwning {
            channel.send("a")
            return received.value.count
        }
        #expect(inline == 0, "the handler ran inside send(_:)")
        #expect(await context.iterate(until: { received.value == ["a"] }))
        channel.close()
    }

    @Test("Values sent while a batch is delivered come in a later job, still in order")
    func sendFromHandler() async {
        let context = TestContext()
        let received = Locked<[Int]>([])
        let depth = Locked(0)
        let nested = Locked(false)
        let channelBox = Locked<ContextChannel<Int>?>(nil)
        let channel = ContextChannel<Int>(scheduler: context.scheduler) { value in
            depth.withLock { $0 += 1 }
            if depth.value > 1 { nested.value = true }
            received.withLock { $0.append(value) }
            if value < 5 { channelBox.value?.send(value + 1) }
            depth.withLock { $0 -= 1 }
        }
        channelBox.value = channel
        channel.send(0)
        #expect(await context.iterate(until: { received.value.count == 6 }))
        #expect(received.value == [0, 1, 2, 3, 4, 5])
        #expect(nested.value == false, "a value sent from the handler was delivered in its call stack")
        channel.close()
        channelBox.value = nil
    }

    @Test("A value sent before other work was scheduled is delivered before that work")
    func orderAgainstScheduledWork() async {
        let context = TestContext()
        let events = Locked<[String]>([])
        let channel = ContextChannel<String>(scheduler: context.scheduler) { value in
            events.withLock { $0.append(value) }
        }
        channel.send("value 1")
        context.scheduler.schedule { events.withLock { $0.append("work") } }
        #expect(await context.iterate(until: { events.value.count == 2 }))
        #expect(events.value == ["value 1", "work"])
        channel.close()
    }

    @Test("close() drops what is pending, releases the handler's captures, and drops later sends")
    func closeDropsAndReleases() async {
        final class Capture: Sendable {
            let released: Flag
            init(_ released: Flag) { self.released = released }
            deinit { released.set() }
        }
        let context = TestContext()
        let released = Flag()
        let received = Locked(0)
        var capture: Capture? = Capture(released)
        let channel = ContextChannel<Int>(scheduler: context.scheduler) { [capture] _ in
            _ = capture
            received.withLock { $0 += 1 }
        }
        capture = nil
        channel.send(1)
        channel.send(2)
        #expect(released.isSet == false, "the handler was released before close()")
        channel.close()
        #expect(channel.isClosed)
        #expect(released.isSet, "close() kept the handler's captures")
        channel.send(3)
        #expect(await context.drain())
        #expect(received.value == 0)
    }

    @Test("close() from inside the handler stops the rest of the batch")
    func closeInsideHandler() async {
        let context = TestContext()
        let received = Locked<[Int]>([])
        let channelBox = Locked<ContextChannel<Int>?>(nil)
        let channel = ContextChannel<Int>(scheduler: context.scheduler) { value in
            received.withLock { $0.append(value) }
            if value == 2 { channelBox.value?.close() }
        }
        channelBox.value = channel
        for value in 1...5 { channel.send(value) }
        #expect(await context.iterate(until: { received.value.count >= 2 }))
        #expect(await context.drain())
        #expect(received.value == [1, 2])
        channelBox.value = nil
    }

    @Test("Works with TestScheduler: nothing until advance(), then everything in order")
    func testScheduler() {
        let scheduler = TestScheduler()
        let received = Locked<[Int]>([])
        let channel = ContextChannel<Int>(scheduler: scheduler) { value in
            received.withLock { $0.append(value) }
        }
        channel.send(1)
        channel.send(2)
        #expect(received.value.isEmpty)
        #expect(scheduler.pendingCount == 1, "one batch, one scheduled job")
        scheduler.advance()
        #expect(received.value == [1, 2])
        channel.close()
    }
}
