import TableModel

/// The swipe and context-menu actions' titles in the user's language (P5), by the model's
/// action identifiers; the model measures and hands out these titles (``Table/swipeActionStyle``).
enum ActionTitles {
    static var all: [String: String] {
        [
            DemoSwipeActions.delete.identifier: tr("Delete"),
            DemoSwipeActions.flag.identifier: tr("Flag"),
            DemoSwipeActions.unflag.identifier: tr("Unflag"),
            DemoSwipeActions.pin.identifier: tr("Pin"),
            DemoSwipeActions.unpin.identifier: tr("Unpin"),
            DemoSwipeActions.done.identifier: tr("Done"),
            DemoSwipeActions.notDone.identifier: tr("Not Done"),
        ]
    }
}
