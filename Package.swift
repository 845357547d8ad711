// swift-tools-version: 6.0
//
// VCTable: MVVM list view models for programs that run a GLib main loop.
//
// Layers (one folder each, see ARCHITECTURE.md):
//   CInterop/CGLib,
//   CInterop/CGdkPixbuf              system libraries through pkg-config (libsoup-3.0 is
//                                    loaded on first use: Sources/VCTableGObject/vct-soup.c)
//   CInterop/include/vctable.h       the hand-written C API header (one per type in vctable/)
//   Sources/VCTableGObject           the C half of libVCTable.so: the GObject classes (GLib style)
//   Sources/VCTableDiff              changesets: identity vs content, GListModel-style splices
//   Sources/VCTable                  the Swift library (libVCTable.so)
//   Demo/                            vctable-demo, the C program `make run` runs
//   Examples/                        the README's C and Swift examples
//   Tests/                           Swift Testing and GTest suites
import PackageDescription

let package = Package(
    name: "VCTable",
    products: [
        .library(name: "VCTable", type: .dynamic, targets: ["VCTable"]),
        .executable(name: "list-photos", targets: ["list-photos"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGLib",
            path: "CInterop/CGLib",
            pkgConfig: "gio-unix-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        .systemLibrary(
            name: "CGdkPixbuf",
            path: "CInterop/CGdkPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"])]
        ),
        .target(
            name: "VCTableDiff",
            path: "Sources/VCTableDiff"
        ),
        // C compiled into libVCTable.so beside the Swift core (as swift-nio keeps its C
        // shims): the GType boilerplate of vctable.h, written the way GLib writes it.
        // Its include/ holds only vctable-private.h, for the Swift side; the public
        // header comes from CInterop/include.
        .target(
            name: "VCTableGObject",
            dependencies: ["CGLib", "CGdkPixbuf"],
            path: "Sources/VCTableGObject",
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
            ]
        ),
        .target(
            name: "VCTable",
            dependencies: ["CGLib", "VCTableDiff", "VCTableGObject"],
            path: "Sources/VCTable",
            // The fixtures' images are not bundle resources: they are compiled into the
            // library as a GResource (Sources/VCTableGObject/vct-fixture-images.c, made by
            // scripts/make-fixture-images.py).
            exclude: ["Resources/images"],
            resources: [
                .copy("Resources/photos.json"),
                .copy("Resources/feeds.json"),
                .copy("Resources/songs.json"),
            ],
            swiftSettings: [
                // A file uses only the modules it imports (FoundationEssentials, not Foundation).
                .enableUpcomingFeature("MemberImportVisibility"),
                // The resource accessor SwiftPM generates for `resources` imports Foundation
                // (Bundle.module, which nothing calls): no autolinking of Foundation (and ICU)
                // for it, and the linker drops its unused code. Only in release: a debug build
                // exports it (-enable-testing), and keeps Foundation.
                .unsafeFlags([
                    "-Xfrontend", "-disable-autolink-library", "-Xfrontend", "Foundation",
                    "-Xfrontend", "-disable-autolink-library", "-Xfrontend", "FoundationInternationalization",
                ], .when(configuration: .release)),
            ],
            linkerSettings: [.unsafeFlags(["-Xlinker", "--gc-sections"], .when(configuration: .release))]
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
            path: "Tests/VCTableTests"
        ),
        .testTarget(
            name: "VCTableDiffTests",
            dependencies: ["VCTableDiff"],
            path: "Tests/VCTableDiffTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
