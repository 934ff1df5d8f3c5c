/// Leaves out empty statements of a statement list (`if(a){...};` written `if(a){...}`): the statement before
/// an empty one has ended already (its own `;`, or a block), so nothing joins. An empty statement that is a
/// body (`for(;;);`, `if(a);`, `a:;`) is in no list and stays.
struct EmptyStatements<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let syntax: MinifierSyntax

    func run(_ edits: inout TokenEdits) {
        for list in syntax.lists {
            for index in syntax.statements(list) {
                let statement = syntax[index]
                guard statement.kind == .emptyStatement, statement.end == statement.first + 1,
                    text.isPunctuator(tokens[Int(statement.first)], ";"), !edits.isEdited(statement.first)
                else { continue }
                edits.skip(statement.first..<statement.end)
            }
        }
    }
}
