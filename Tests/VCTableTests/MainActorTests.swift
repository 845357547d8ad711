import Foundation
import Testing

@Suite("@MainActor from a GLib main loop")
struct MainActorTests {
    /// The probe executable SwiftPM builds next to the test bundle (`.build/<triple>/debug/`).
    static func probeURL() throws -> URL {
        let executable = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        var candidates = [executable.deletingLastPathComponent()]
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for directory in candidates {
            let probe = directory.appendingPathComponent("vctable-mainactor-probe")
            if FileManager.default.isExecutableFile(atPath: probe.path) { return probe }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "vctable-mainactor-probe beside \(candidates.map(\.path))"])
    }

    struct Run: Sendable {
        var lines: [String]
        var status: Int32
        var reason: Process.TerminationReason
    }

    /// Runs the probe off the cooperative pool, killing it if it outlives `timeout`.
    static func runProbe(timeout: TimeInterval = 30) async throws -> Run {
        let url = try probeURL()
        return try await offPool { () -> Result<Run, any Error> in
            let process = Process()
            process.executableURL = url
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            do { try process.run() } catch { return .failure(error) }
            let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            killer.cancel()
            let text = String(decoding: data, as: UTF8.self)
            return .success(Run(
                lines: text.split(separator: "\n").map(String.init),
                status: process.terminationStatus, reason: process.terminationReason))
        }.get()
    }

    @Test("@MainActor tasks and DispatchQueue.main blocks run on the main thread running a MainLoop")
    func probe() async throws {
        let run = try await Self.runProbe()
        #expect(run.reason == .exit)
        #expect(run.status == 0, "\(run.lines)")
        #expect(run.lines.contains("idle: ok"), "the drain must not be a polling timer")
        #expect(run.lines.contains("mainactor: ok"))
        #expect(run.lines.contains("dispatch-main: ok"))
        #expect(run.lines.contains("dispatch-main-order: ok"))
        #expect(run.lines.contains("mainactor-from-background: ok"))
        #expect(!run.lines.contains("timeout"))
        #expect(run.lines.last == "done")
    }
}
