package uri

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/doc"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"slices"
	"strings"
	"testing"
)

// TestExampleTutorial prints the tutorial when tests run with -v, as
// README's first command does: every example of example_test.go in source
// order, with its comment, its code and the output it must print. The
// examples themselves run in the same command, which checks that output.
func TestExampleTutorial(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "example_test.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	examples := doc.Examples(f)
	slices.SortFunc(examples, func(a, b *doc.Example) int { return a.Order - b.Order })
	if len(examples) < 20 {
		t.Errorf("the tutorial has %d examples, want at least 20", len(examples))
	}
	for _, ex := range examples {
		if !ex.EmptyOutput && ex.Output == "" {
			t.Errorf("Example%s has no // Output: to check", ex.Name)
		}
	}
	if !testing.Verbose() {
		return
	}
	// The parts' headings, by position, to print before their first example.
	var headings []*ast.Comment
	for _, g := range f.Comments {
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "// ---- Tutorial part: ") {
				headings = append(headings, c)
			}
		}
	}
	for _, ex := range examples {
		for len(headings) > 0 && headings[0].Pos() < ex.Code.Pos() {
			title := strings.TrimSuffix(strings.TrimPrefix(headings[0].Text, "// ---- Tutorial part: "), ". ----")
			fmt.Printf("\n════ %s ════\n", title)
			headings = headings[1:]
		}
		// The code with the comments inside it: they explain the steps.
		var code bytes.Buffer
		if err := format.Node(&code, fset, &printer.CommentedNode{Node: ex.Code, Comments: commentsIn(f, ex.Code)}); err != nil {
			t.Fatal(err)
		}
		body := strings.TrimSuffix(strings.TrimPrefix(code.String(), "{\n"), "}")
		fmt.Printf("\n──── Example%s ────\n%s\n\n", ex.Name, strings.TrimSpace(ex.Doc))
		for _, line := range strings.Split(strings.TrimRight(body, "\n"), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "// Output:") {
				break // the output is printed below, as the example printed it
			}
			fmt.Println("    " + strings.ReplaceAll(strings.TrimPrefix(line, "\t"), "\t", "    "))
		}
		fmt.Println()
		fmt.Printf("output:\n%s", "    "+strings.ReplaceAll(strings.TrimSuffix(ex.Output, "\n"), "\n", "\n    ")+"\n")
	}
}

// commentsIn returns the comment groups of f that lie inside node.
func commentsIn(f *ast.File, node ast.Node) []*ast.CommentGroup {
	var in []*ast.CommentGroup
	for _, g := range f.Comments {
		if g.Pos() > node.Pos() && g.End() < node.End() {
			in = append(in, g)
		}
	}
	return in
}
