// The build-tool plugin of the C target VCTableGObject: the two C sources GLib's own tools
// make, generated into the plugin's work directory by the build (nothing generated is
// committed; SwiftPM compiles them into libVCTable.so with the target's own
// sources, which is why Package.swift declares `(experimentalCGen)`):
//
// - vct-resources.c: `glib-compile-resources --generate-source --internal` over
//   Sources/VCTable/Resources/vctable.gresource.xml (the fixtures' JSON documents and the
//   images they name, under /org/vctable/VCTable/). Its constructor registers the resource
//   when the library is loaded, and --internal keeps its one function out of the exports.
// - vct-enum-types.c: `glib-mkenums` with Sources/VCTableGObject/vct-enum-types.c.template
//   over the public headers CInterop/include/vctable/*.h (the enums' GTypes).
//
// Both tools come with GLib's development files (Debian: libglib2.0-dev-bin, which
// libglib2.0-dev, CGLib's provider, depends on); they are looked up in PATH
// (`PluginContext.tool(named:)` knows only the toolchain's and the plugins' own tools).
import Foundation
import PackagePlugin

@main
struct GObjectSources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL
        return [
            try resourceCommand(root: root, output: output),
            try enumTypesCommand(root: root, output: output),
        ]
    }

    /// glib-compile-resources over the manifest; its inputs are the manifest and every file
    /// it lists, so changing one of them regenerates the source.
    private func resourceCommand(root: URL, output: URL) throws -> Command {
        let resources = root.appending(path: "Sources/VCTable/Resources")
        let manifest = resources.appending(path: "vctable.gresource.xml")
        let source = output.appending(path: "vct-resources.c")
        let listed = try Self.files(listedIn: manifest).map { resources.appending(path: $0) }
        return .buildCommand(
            displayName: "Compiling the GResource of \(manifest.lastPathComponent)",
            executable: try Self.tool(named: "glib-compile-resources"),
            arguments: [
                "--generate-source", "--internal", "--c-name", "_vct_resources",
                "--sourcedir", resources.path, "--target", source.path, manifest.path,
            ],
            inputFiles: [manifest] + listed,
            outputFiles: [source]
        )
    }

    /// glib-mkenums over the public headers, in name order.
    private func enumTypesCommand(root: URL, output: URL) throws -> Command {
        let template = root.appending(path: "Sources/VCTableGObject/vct-enum-types.c.template")
        let headerDirectory = root.appending(path: "CInterop/include/vctable")
        let headers = try FileManager.default.contentsOfDirectory(atPath: headerDirectory.path)
            .filter { $0.hasSuffix(".h") }
            .sorted()
            .map { headerDirectory.appending(path: $0) }
        let source = output.appending(path: "vct-enum-types.c")
        return .buildCommand(
            displayName: "Generating the enum types of \(headers.count) headers",
            executable: try Self.tool(named: "glib-mkenums"),
            arguments: ["--template", template.path, "--output", source.path] + headers.map(\.path),
            inputFiles: [template] + headers,
            outputFiles: [source]
        )
    }

    /// The executable `name` in PATH (or /usr/bin, where Debian puts GLib's tools).
    static func tool(named name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin"]
        for directory in directories where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: directory).appending(path: name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ToolNotFound(name: name)
    }

    /// The paths of the manifest's `<file>` elements (relative to its source directory).
    static func files(listedIn manifest: URL) throws -> [String] {
        let text = try String(contentsOf: manifest, encoding: .utf8)
        var files: [String] = []
        for piece in text.components(separatedBy: "<file").dropFirst() {
            guard let open = piece.firstIndex(of: ">"), let close = piece.range(of: "</file>") else { continue }
            files.append(piece[piece.index(after: open)..<close.lowerBound].trimmingCharacters(in: .whitespaces))
        }
        return files
    }
}

/// A GLib tool the plugin needs is not installed.
struct ToolNotFound: Error, CustomStringConvertible {
    let name: String
    var description: String {
        "\(name) not found in PATH: it comes with GLib's development tools (Debian: apt-get install libglib2.0-dev-bin)"
    }
}
