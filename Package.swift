// swift-tools-version: 6.3;(experimentalCGen)
// (experimentalCGen: SwiftPM compiles the C sources a build-tool plugin generates into a C
// target only with it; Plugins/GObjectSources generates two for VCTableGObject.)
//
// VCTable: MVVM list view models for programs that run a GLib main loop.
//
// Layers (one folder each, see ARCHITECTURE.md):
//   CInterop/CGLib                   GLib/GIO through pkg-config (libsoup-3.0 and gdk-pixbuf
//                                    are loaded on first use: Sources/VCTableGObject/vct-soup.c,
//                                    vct-pixbuf.c)
//   CInterop/include/vctable.h       the hand-written C API header (one per type in vctable/)
//   Sources/VCTableGObject           the C half of libVCTable.so: the GObject classes (GLib style)
//   Plugins/GObjectSources           generates its GResource and enum types at build time
//   Sources/VCTableDiff              changesets: identity vs content, GListModel-style splices
//   Sources/VCTable                  the Swift library (libVCTable.so)
//   Demo/                            vctable-demo, the C program `make run` runs
//   Examples/                        the README's C and Swift examples
//   Tests/                           Swift Testing and GTest suites
import PackageDescription

/// This manifest's directory: the linker's order file is named by an absolute path.
let packageDirectory = String(#filePath.dropLast("/Package.swift".count))

let package = Package(
    name: "VCTable",
    products: [
        .library(name: "VCTable", type: .dynamic, targets: ["VCTable"]),
        .executable(name: "list-photos", targets: ["list-photos"]),
    ],
    targets: [
        // Generates VCTableGObject's two GLib-made sources into the build directory, from
        // what is committed: vct-resources.c (glib-compile-resources: the fixtures' JSON
        // documents and images, Sources/VCTable/Resources/vctable.gresource.xml) and
        // vct-enum-types.c (glib-mkenums over CInterop/include/vctable/*.h).
        .plugin(
            name: "GObjectSources",
            capability: .buildTool(),
            path: "Plugins/GObjectSources"
        ),
        .systemLibrary(
            name: "CGLib",
            path: "CInterop/CGLib",
            pkgConfig: "gio-unix-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        .target(
            name: "VCTableDiff",
            path: "Sources/VCTableDiff"
        ),
        // C compiled into libVCTable.so beside the Swift core (as swift-nio keeps its C
        // shims): the GType boilerplate of vctable.h, written the way GLib writes it.
        // Its include/ holds only vctable-private.h, for the Swift side; the public
        // header comes from CInterop/include. Plugins/GObjectSources adds the GResource
        // (vct-resources.c) and the enum types (vct-enum-types.c, from the template here).
        .target(
            name: "VCTableGObject",
            dependencies: ["CGLib"],
            path: "Sources/VCTableGObject",
            exclude: ["vct-enum-types.c.template"],
            cSettings: [
                .headerSearchPath("../../CInterop/include"),
                .define("VCTABLE_COMPILATION"),
                .define("G_LOG_DOMAIN", to: "\"VCTable\""),
                // -gdwarf-4, the DWARF version swiftc emits: with this object in DWARF 5 (the
                // toolchain clang's default), valgrind 3.19 (Debian 12) cannot read the
                // library's debug info ("Possibly corrupted debuginfo file") and run.sh's
                // valgrind step stops.
                // -fno-blocks undoes the -fblocks SwiftPM gives every C target: the `_block`
                // setters (vct-table-model.c) take a block as the plain pointer it is, and
                // call it through the Blocks ABI, so the header's block prototypes
                // (`#ifdef __BLOCKS__`) stay out of the C half.
                .unsafeFlags(["-Wall", "-Wextra", "-Werror", "-gdwarf-4", "-fno-blocks"]),
                // Release only: every function in its own section, for the linker's order
                // (VCTable's linkerSettings).
                .unsafeFlags(["-ffunction-sections"], .when(configuration: .release)),
            ],
            plugins: ["GObjectSources"]
        ),
        .target(
            name: "VCTable",
            dependencies: ["CGLib", "VCTableDiff", "VCTableGObject"],
            path: "Sources/VCTable",
            // The bundled fixtures (the JSON documents and the images they name) are not
            // bundle resources: they are compiled into the library as a GResource
            // (Plugins/GObjectSources over Resources/vctable.gresource.xml), so SwiftPM
            // generates no resource accessor (which would import Foundation).
            exclude: ["Resources"],
            swiftSettings: [
                // A file uses only the modules it imports (FoundationEssentials, not Foundation).
                .enableUpcomingFeature("MemberImportVisibility"),
                // Release only, for the loaded cost of a C program (BENCHMARKS.md, "Loaded cost";
                // ARCHITECTURE.md, "Choices worth knowing"): a concrete generic type's
                // metadata through its accessor, not the runtime's demangler; every function
                // in its own section, for the linker's order (linkerSettings below).
                .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
                              "-Xfrontend", "-function-sections"], .when(configuration: .release)),
            ],
            // Linked by name, as no Foundation brings them any more: libdispatch's main-queue
            // hooks (Scheduling/DispatchMainQueue.swift) and the Blocks runtime (the C half's
            // `_block` setters). Both ship with the toolchain; Swift's concurrency runtime
            // loads libdispatch anyway.
            // Release only: the functions that making and dropping a model runs laid out
            // together (Benchmarks/rss/libVCTable.order, `make bench-rss-order`), so that they
            // fault in one 64 KB window of the library's text, not nine.
            linkerSettings: [.linkedLibrary("dispatch"), .linkedLibrary("BlocksRuntime"),
                             .unsafeFlags(["-Xlinker", "--section-ordering-file=\(packageDirectory)/Benchmarks/rss/libVCTable.order"],
                                          .when(configuration: .release))]
        ),
        .executableTarget(
            name: "list-photos",
            dependencies: ["VCTable"],
            path: "Examples/list-photos-swift"
        ),
        .executableTarget(
            name: "vctable-mainactor-probe",
            dependencies: ["VCTable"],
            path: "Tests/MainActorProbe"
        ),
        .testTarget(
            name: "VCTableTests",
            dependencies: ["VCTable", "vctable-mainactor-probe", "CGLib"],
            path: "Tests/VCTableTests",
            // `@_extern(c)`: a test calls a few functions of the public C API (vctable.h),
            // which no module the Swift side imports declares (ToolkitListSectionReadsTests).
            swiftSettings: [.enableExperimentalFeature("Extern")]
        ),
        .testTarget(
            name: "VCTableDiffTests",
            dependencies: ["VCTableDiff"],
            path: "Tests/VCTableDiffTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
