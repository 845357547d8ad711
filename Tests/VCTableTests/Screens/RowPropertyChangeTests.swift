import Foundation
import Testing
@testable import VCTable

/// Library bug (found by the demo): an observer ran after the row had moved on read the
/// latest state, so a follow that succeeded before the loop ran showed "checked" for the
/// change to "loading" as well. `observePropertyChanges` carries each change's values.
@Suite("Row property changes carry the row as of each change")
struct RowPropertyChangeTests {
    @Test("A member row's two follow-state changes, delivered late, still read loading then checked")
    func memberRowChanges() {
        let scheduler = TestScheduler()
        let state = Observable(FollowState.normal, scheduler: scheduler)
        let row = MemberRowViewModel(
            member: FeedMember(id: 3, name: "Tim", avatarUrl: "https://example.com/3.png", date: Date(timeIntervalSince1970: 0)),
            followState: state, follower: nil)
        let seen = ToolkitRecorder<String>()
        let subscription = row.observePropertyChanges { change in
            let spinning = change.value(of: "spinning").map(\.description) ?? "nil"
            seen.append("\(change.name)=\(change.value?.description ?? "nil") spinning=\(spinning) name=\(change.value(of: "name")?.description ?? "nil")")
        }
        state.value = .loading
        state.value = .checked
        scheduler.advance()
        #expect(row.property("followState") == .string("checked"), "property(_:) reads the latest state")
        #expect(seen.values.filter { $0.hasPrefix("followState=") } == [
            "followState=loading spinning=true name=Tim",
            "followState=checked spinning=false name=Tim",
        ])
        subscription?.dispose()
    }

    @Test("A song row's mode changes, delivered late, read each mode in turn")
    func songRowChanges() {
        let scheduler = TestScheduler()
        let row = SongRowViewModel(
            song: Song(id: 1, title: "Open Horizon", subtitle: "Guided breathing", duration: .seconds(894)),
            mode: .picking(.unselected), scheduler: scheduler, owner: WeakBox())
        let seen = ToolkitRecorder<String>()
        let subscription = row.observePropertyChanges { change in
            seen.append("\(change.name)=\(change.value?.description ?? "nil")")
        }
        row.mode.value = .picking(.selected)
        row.mode.value = .listening(.playing)
        scheduler.advance()
        #expect(seen.values == ["mode=selected", "mode=playing"])
        subscription?.dispose()
    }

    @Test("RowBinder's changes: nil first, then each change with its own value")
    func binderChanges() {
        let scheduler = TestScheduler()
        let row = SongRowViewModel(
            song: Song(id: 1, title: "Open Horizon", subtitle: "Guided breathing", duration: .seconds(894)),
            mode: .picking(.unselected), scheduler: scheduler, owner: WeakBox())
        let binder = RowBinder<Int>()
        let seen = ToolkitRecorder<String>()
        binder.bindChanges(row, to: 1, update: { _, change in
            seen.append(change.map { "\($0.name)=\($0.value?.description ?? "nil")" } ?? "all")
        })
        row.mode.value = .picking(.selected)
        row.mode.value = .picking(.unselected)
        scheduler.advance()
        #expect(seen.values == ["all", "mode=selected", "mode=unselected"])
        binder.unbindAll()
    }

    @Test("The default reads the row when the change is delivered")
    func defaultReadsTheRow() {
        let scheduler = TestScheduler()
        let row = ToolkitCounterRowViewModel(id: 1, scheduler: scheduler)
        let seen = ToolkitRecorder<String>()
        let subscription = row.observePropertyChanges { change in
            seen.append("\(change.name)=\(change.value?.description ?? "nil")")
        }
        row.counter.value = 1
        scheduler.advance()
        #expect(seen.values == ["count=1"])
        subscription?.dispose()
    }
}
