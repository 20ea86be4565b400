@_spi(Generated) import FlowMachine
import Foundation
import Testing

/// The helpers generated modules call instead of writing the same code per case: tables read from text, event
/// names looked up by number, records written field by field. Each must read back exactly what the generator wrote.
@Suite struct GeneratedCodeSupportTests {
    @Test func tablesReadFromTextKeepEveryNumberAndDropTheComments() {
        let text = """
            74 0 1 3 0 0 // XC-LOCK device.authenticate.authenticated → back
            -1 0 0 1 3 0 // ONB-000 after 2s → ONB-001
            2147483647 -2147483648 7
            """
        #expect(decodeTable(text) { $0 } == [[74, 0, 1, 3, 0, 0], [-1, 0, 0, 1, 3, 0], [2147483647, -2147483648, 7]])
    }

    @Test func aDamagedTableReadsAsZerosWithoutTrapping() {
        // Outside Int32, not a number, a lone minus: 0, as `Int32(text) ?? 0` read them before. Blank and
        // comment-only lines are no rows.
        let text = "2147483648 -2147483649 12a - 5\n\n   \n// only a comment\n1 2 //3 4\n"
        #expect(decodeTable(text) { $0 } == [[0, 0, 0, 0, 5], [1, 2]])
    }

    @Test func numberRowsAndTextRowsBuildTheSameTable() {
        let numbers: [Int32] = [3, 1, 4, 1, 5, 9, -2, 6, 5]
        let text = "3 1 4 // first\n1 5 9 // second\n-2 6 5 // third"
        #expect(decodeTable(text) { $0 } == decodeTable(numbers, columns: 3) { $0 })
    }

    @Test func namesAreFoundByNumberAndNumbersByName() {
        let table = NameTable(lines: "country_selected\naddress_selected\nequals.log_in.success")
        #expect(table.number(of: "address_selected") == 1)
        #expect(table.number(of: "equals.log_in.success") == 2)
        #expect(table.number(of: "no_such_event") == -1)
        #expect(table[0] == "country_selected")
        #expect(table[3] == "")
        #expect(table[-1] == "")
    }

    @Test func aRecordIsWrittenAsTheFlowsWriteIt() {
        var record = RecordDescription()
        record.add("amount", "4.35 GBP")
        record.add("missing", "null")
        record.add("name", #""Ada \"A\"""#)
        #expect(record.written == #"{amount: 4.35 GBP, missing: null, name: "Ada \"A\""}"#)
        #expect(RecordDescription().written == "{}")
    }

    /// A record's fields written as the interpreter writes them: sorted by name, each value in the flows' form.
    private struct Payment: Sendable {
        var amount = Money(amount: Decimal(string: "4.35") ?? 0, currency: "GBP")
        var count = 3
        var missing: Int? = nil
        var name = "Ada \"A\""
        var wait = 90_000
        var active = true
    }

    @Test func aRecordTableWritesEachValueAsTheFlowsWriteIt() {
        var fields = RecordFields<Payment>()
        fields.value("wait", \.wait, text: { "\($0 / 60_000)m\($0 % 60_000 / 1000)s" })
        fields.value("amount", \.amount)
        fields.value("count", \.count)
        fields.optional("missing", \.missing)
        fields.value("name", \.name)
        fields.value("active", \.active)
        #expect(fields.description(of: Payment())
                == #"{active: true, amount: 4.35 GBP, count: 3, missing: null, name: "Ada \"A\"", wait: 1m30s}"#)
    }
}
