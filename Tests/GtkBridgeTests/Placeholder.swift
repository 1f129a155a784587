import Testing
@testable import GtkBridge
