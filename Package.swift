// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GtkTableDemo",
    targets: [
        .systemLibrary(
            name: "CGtk",
            // libadwaita 1.2 (Debian 12) brings GTK 4.8 with it, plus toasts and the dark-style preference.
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]
        ),
        // Debian's libsqlite3-dev, for the rows database.
        // Debian's WebKitGTK 6.0 (for GTK 4), for web rows (H1–H6).
        .systemLibrary(name: "CWebKit", pkgConfig: "webkitgtk-6.0", providers: [.apt(["libwebkitgtk-6.0-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // A small typed wrapper over SQLite: connections, prepared statements, errors, migrations.
        .target(name: "SQLiteStore", dependencies: ["CSQLite"]),
        // The rows database: schema, order keys, small transactions per change, JSON import and export.
        .target(name: "RowStore", dependencies: ["SQLiteStore", "TableModel"]),
        // Pure Swift: rows, heights, layout, anchor, batch updates, behaviours, swipe, persistence, undo.
        .target(name: "TableModel"),
        // GObject ownership at the C boundary: owned references (OwnedObject), signals with retained
        // closures, main-loop sources, tick callbacks, the Swift container widget class, pointer casts.
        // Not the only code with raw GTK pointers: the app, BenchSupport and ListPeers call GTK's C API
        // directly through CGtk (on the main actor); TableModel, RowStore and SQLiteStore never touch GTK.
        .target(name: "GtkBridge", dependencies: ["CGtk"]),
        // Frame timing and the scripted benchmark phases, shared by the app and ListPeers.
        .target(name: "BenchSupport", dependencies: ["CGtk", "GtkBridge"]),
        .executableTarget(name: "GtkTableDemo", dependencies: ["CGtk", "CWebKit", "GtkBridge", "TableModel", "RowStore", "SQLiteStore", "BenchSupport"]),
        // GTK's own list widgets (GtkListView, GtkListBox) on the same rows database, for `make bench`.
        .executableTarget(name: "ListPeers", dependencies: ["CGtk", "GtkBridge", "TableModel", "RowStore", "BenchSupport"]),
        .executableTarget(name: "TableBench", dependencies: ["TableModel"]),
        // Find (F3, F2) on a generated rows database: the index's cost and query-to-filter times.
        .executableTarget(name: "FindBench", dependencies: ["TableModel", "RowStore", "SQLiteStore"]),
        // Writes a generated rows database (or JSON file) of N rows (D3); see data/README.md.
        .executableTarget(name: "GenerateRows", dependencies: ["TableModel", "RowStore"]),
        .testTarget(name: "TableModelTests", dependencies: ["TableModel"]),
        .testTarget(name: "SQLiteStoreTests", dependencies: ["SQLiteStore"]),
        .testTarget(name: "RowStoreTests", dependencies: ["RowStore", "SQLiteStore", "TableModel"]),
        .testTarget(name: "GtkBridgeTests", dependencies: ["GtkBridge", "CGtk"]),
        // The bench's baselines checked against the engine, so their timings compare like with like.
        .testTarget(name: "TableBenchTests", dependencies: ["TableBench", "TableModel"]),
    ]
)
