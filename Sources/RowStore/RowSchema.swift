import SQLiteStore

/// The rows database's schema, as migrations (`user_version` 1 is the first).
///
/// - `rows`: one row per table row. `position` is a gapped order key (``OrderKeys``);
///   `text` holds a note's text, a header's or toggle's title or a rich row's source;
///   `chips` a grid's chips as a JSON array; `expanded` a note's expanded or a toggle's open
///   state; `extra` a JSON object of fields from an import this app does not know.
/// - `file_extras`: top-level fields of an imported file this app does not know, in order.
///
/// Version 3 adds `pinned`, the Pin action's mark (a pinned row offers Unpin).
///
/// Version 2 replaces the order index with `rows_outline` on `(position, id, kind, expanded)`,
/// which covers all that start-up reads (ids, kinds, toggle states, in order), so start-up
/// never touches a row's content pages.
enum RowSchema {
    static let migrator = SQLiteMigrator(migrations: [
        """
        CREATE TABLE rows (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('header', 'note', 'toggle', 'grid', 'rich')),
            position INTEGER NOT NULL,
            text TEXT NOT NULL DEFAULT '',
            chips TEXT,
            expanded INTEGER NOT NULL DEFAULT 0,
            flagged INTEGER NOT NULL DEFAULT 0,
            done INTEGER NOT NULL DEFAULT 0,
            extra TEXT
        );
        CREATE INDEX rows_in_order ON rows (position, kind);
        CREATE TABLE file_extras (
            position INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            value TEXT NOT NULL
        );
        """,
        """
        DROP INDEX rows_in_order;
        \(outlineIndex);
        """,
        """
        ALTER TABLE rows ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
        """,
    ])

    /// The covering index start-up reads (version 2 on).
    static let outlineIndex = "CREATE INDEX rows_outline ON rows (position, id, kind, expanded)"
}
