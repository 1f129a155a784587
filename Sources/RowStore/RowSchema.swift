import SQLiteStore

/// The rows database's schema, as migrations (`user_version` 1 is the first).
///
/// - `rows`: one row per table row. `position` is a gapped order key (``OrderKeys``);
///   `text` holds a note's text, a header's or toggle's title, a rich row's source or a web row's HTML;
///   `chips` a grid's chips as a JSON array; `expanded` a note's expanded or a toggle's open
///   state; `extra` a JSON object of fields from an import this app does not know.
/// - `file_extras`: top-level fields of an imported file this app does not know, in order.
///
/// Version 3 adds `pinned`, the Pin action's mark (a pinned row offers Unpin).
///
/// Version 4 adds the outline snapshot (``OutlineSnapshot``): `outline_stamp` counts every
/// change to what the outline holds (a row inserted or deleted, an id, order key or kind
/// changed, a toggle opened or closed), bumped by triggers inside the changing transaction,
/// whoever writes; `outline_snapshot` holds one packed copy of the outline and the count it
/// was taken at. A snapshot whose count is not the current one is stale and never read.
///
/// Version 5 adds `view_state`, one row: where the window was left on this database
/// (``ViewState``: its size, and the row at the table's top with the offset into it).
///
/// Version 6 adds `trashed`: rows deleted together from the selection (E3, E4) carry their
/// batch's number there instead of going at once, so Undo brings them back with their
/// content; the outline, its index and loading read only rows with none. The writer purges
/// them when the app quits (nothing can undo them then). `rows_outline` becomes a partial
/// index of the rows not trashed.
///
/// Version 7 admits the `web` kind (H1), whose `text` holds the row's HTML. ALTER TABLE
/// cannot change a CHECK constraint, and a rebuild of `rows` left the import's closing WAL
/// checkpoint "locked"; so the constraint is widened in place, as SQLite's ALTER TABLE page
/// allows for loosening a CHECK (every stored row still satisfies it), and
/// `writable_schema = RESET` makes the connection read the new schema at once.
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
        CREATE INDEX rows_outline ON rows (position, id, kind, expanded);
        """,
        """
        ALTER TABLE rows ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
        """,
        """
        CREATE TABLE outline_stamp (only INTEGER PRIMARY KEY CHECK (only = 0), changes INTEGER NOT NULL);
        INSERT INTO outline_stamp (only, changes) VALUES (0, 0);
        CREATE TABLE outline_snapshot (only INTEGER PRIMARY KEY CHECK (only = 0), stamp INTEGER NOT NULL, data BLOB NOT NULL);
        \(outlineTriggers);
        """,
        """
        CREATE TABLE view_state (
            only INTEGER PRIMARY KEY CHECK (only = 0),
            width INTEGER NOT NULL, height INTEGER NOT NULL, anchor_row INTEGER, anchor_offset REAL NOT NULL
        );
        """,
        """
        ALTER TABLE rows ADD COLUMN trashed INTEGER;
        DROP INDEX rows_outline;
        \(outlineIndex);
        CREATE TRIGGER rows_outline_trashed AFTER UPDATE OF trashed ON rows
            WHEN OLD.trashed IS NOT NEW.trashed
            BEGIN UPDATE outline_stamp SET changes = changes + 1; END;
        """,
        """
        PRAGMA writable_schema = ON;
        UPDATE sqlite_schema SET sql = replace(sql, '''grid'', ''rich'')', '''grid'', ''rich'', ''web'')')
            WHERE type = 'table' AND name = 'rows';
        PRAGMA writable_schema = RESET;
        """,
    ])

    /// The covering index start-up reads, of the rows not trashed (version 6 on).
    static let outlineIndex = "CREATE INDEX rows_outline ON rows (position, id, kind, expanded) WHERE trashed IS NULL"

    /// The triggers that bump `outline_stamp` on every change to what the outline holds
    /// (version 4 on). A content-only update (text, chips, marks, a note's expanded state)
    /// leaves the stamp, and so the snapshot, as it was.
    static let outlineTriggers = """
        CREATE TRIGGER rows_outline_inserted AFTER INSERT ON rows
            BEGIN UPDATE outline_stamp SET changes = changes + 1; END;
        CREATE TRIGGER rows_outline_deleted AFTER DELETE ON rows
            BEGIN UPDATE outline_stamp SET changes = changes + 1; END;
        CREATE TRIGGER rows_outline_updated AFTER UPDATE OF id, position, kind, expanded ON rows
            WHEN OLD.id IS NOT NEW.id OR OLD.position IS NOT NEW.position OR OLD.kind IS NOT NEW.kind
                OR (NEW.kind = 'toggle' AND OLD.expanded IS NOT NEW.expanded)
            BEGIN UPDATE outline_stamp SET changes = changes + 1; END
        """

    /// Drops ``outlineTriggers`` (a bulk import recreates them once its rows are in).
    static let dropOutlineTriggers = """
        DROP TRIGGER rows_outline_inserted; DROP TRIGGER rows_outline_deleted; DROP TRIGGER rows_outline_updated
        """
}
