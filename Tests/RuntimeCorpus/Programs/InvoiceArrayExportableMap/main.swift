// `[Invoice]` conforms to `Exportable` through a conditional extension of
// `Array`; its `exportLines(_:)` calls `map` on implicit `self`, and the
// closure uses the method's scope during the call.
// expect: runs

let lines = exportQuarter([
  [Invoice(number: "2024-001", cents: 12_050), Invoice(number: "2024-002", cents: 999)],
  Invoice(number: "2024-003", cents: 100),
])
lines.forEach { print($0) }
precondition(lines == ["number;amount", "2024-001;€120.50", "2024-002;€9.99", "2024-003;€1.00"])
