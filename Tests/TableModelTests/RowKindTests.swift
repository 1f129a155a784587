import Testing
@testable import TableModel

@Test func rowKindNamesRoundTrip() {
    for kind in RowKind.allCases {
        #expect(RowKind(name: kind.name) == kind)
    }
    #expect(RowKind(name: "bogus") == nil)
}
