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
/// Version 8 adds `rows_search`, the find index (F3): an FTS5 table holding, for each row by
/// id, the words a search finds it by (``searchableText``), kept by triggers inside every
/// transaction that changes a row, whoever writes, so it never disagrees with the rows. It is
/// contentless (it stores only the index) with `detail=none` (no positions: a query is a set
/// of words, never a phrase), and folds case and accents in any script (`unicode61`,
/// `remove_diacritics 2`, with combining marks kept inside words so Devanagari words stay
/// whole); two- and three-letter prefixes are indexed so a short last word is quick.
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
        """
        \(searchTable);
        \(fillSearchIndex);
        \(searchTriggers);
        """,
    ])

    /// The covering index start-up reads, of the rows not trashed (version 6 on).
    static let outlineIndex = "CREATE INDEX rows_outline ON rows (position, id, kind, expanded) WHERE trashed IS NULL"

    /// The find index (version 8 on). See the type's notes.
    static let searchTable = """
        CREATE VIRTUAL TABLE rows_search USING fts5(
            words, content='', detail=none, prefix='2 3',
            tokenize="unicode61 remove_diacritics 2 categories 'L* N* Co M*'"
        )
        """

    /// The words row `alias` is found by: a note's text, a header's or toggle's title, a
    /// grid's chips (their JSON array: its brackets, quotes and commas are not words). A rich
    /// row's column holds the name of its source file, not its text, and a web row's holds
    /// HTML, whose tags and attributes are not its words; neither adds anything here.
    static func searchableText(of alias: String) -> String {
        "CASE \(alias).kind WHEN 'rich' THEN '' WHEN 'web' THEN '' ELSE \(alias).text || ' ' || coalesce(\(alias).chips, '') END"
    }

    /// Indexes every row (the migration, and a bulk import once its rows are in).
    static let fillSearchIndex = "INSERT INTO rows_search (rowid, words) SELECT id, \(searchableText(of: "rows")) FROM rows"

    /// The triggers that keep `rows_search` equal to the rows (version 8 on). A contentless
    /// index forgets a row by being told the words it was indexed with, which the triggers
    /// compute from the old row exactly as they did from the new one.
    static let searchTriggers = """
        CREATE TRIGGER rows_search_inserted AFTER INSERT ON rows BEGIN
            INSERT INTO rows_search (rowid, words) VALUES (NEW.id, \(searchableText(of: "NEW")));
        END;
        CREATE TRIGGER rows_search_deleted AFTER DELETE ON rows BEGIN
            INSERT INTO rows_search (rows_search, rowid, words) VALUES ('delete', OLD.id, \(searchableText(of: "OLD")));
        END;
        CREATE TRIGGER rows_search_updated AFTER UPDATE OF id, kind, text, chips ON rows
            WHEN OLD.id IS NOT NEW.id OR OLD.kind IS NOT NEW.kind OR OLD.text IS NOT NEW.text OR OLD.chips IS NOT NEW.chips
        BEGIN
            INSERT INTO rows_search (rows_search, rowid, words) VALUES ('delete', OLD.id, \(searchableText(of: "OLD")));
            INSERT INTO rows_search (rowid, words) VALUES (NEW.id, \(searchableText(of: "NEW")));
        END
        """

    /// Drops ``searchTriggers`` (a bulk import indexes its rows once they are in).
    static let dropSearchTriggers = """
        DROP TRIGGER rows_search_inserted; DROP TRIGGER rows_search_deleted; DROP TRIGGER rows_search_updated
        """

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
