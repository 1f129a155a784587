/// What a row shows. Each kind has its own widget pool in the view and its own learned height estimate.
public enum RowKind: UInt8, CaseIterable, Sendable, Codable {
    case header
    case note
    case toggle
    case grid
    case rich
    case web

    /// The name used in the JSON file.
    public var name: String {
        switch self {
        case .header: "header"
        case .note: "note"
        case .toggle: "toggle"
        case .grid: "grid"
        case .rich: "rich"
        case .web: "web"
        }
    }

    /// - Complexity: O(1).
    public init?(name: String) {
        switch name {
        case "header": self = .header
        case "note": self = .note
        case "toggle": self = .toggle
        case "grid": self = .grid
        case "rich": self = .rich
        case "web": self = .web
        default: return nil
        }
    }
}
