package uri

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocIndex checks that the package doc (doc.go) names every exported
// function, type and variable of the package under its job or its part of
// RFC 3986, so that a reader of go doc finds each from the overview (issue
// 30). A constant is indexed by its type (Component for ComponentPath), a
// method by its type's doc.
func TestDocIndex(t *testing.T) {
	t.Parallel()
	fset := token.NewFileSet()
	paths, _ := filepath.Glob("*.go")
	var files []*ast.File
	for _, path := range paths {
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if f.Name.Name == "uri" && !strings.HasSuffix(path, "_test.go") {
			files = append(files, f)
		}
	}
	p, err := doc.NewFromFiles(fset, files, "github.com/seed0915fd1c/uri")
	if err != nil {
		t.Fatal(err)
	}
	named := func(name string) bool {
		return regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`).MatchString(p.Doc)
	}
	var names []string
	for _, f := range p.Funcs {
		names = append(names, f.Name)
	}
	for _, v := range p.Vars {
		names = append(names, v.Names...)
	}
	for _, c := range p.Consts {
		for _, n := range c.Names {
			if ast.IsExported(n) {
				names = append(names, n) // untyped constants: NativeStyle, UnicodeVersion
			}
		}
	}
	for _, typ := range p.Types {
		names = append(names, typ.Name)
		for _, f := range typ.Funcs { // constructors: ParseX returning X
			names = append(names, f.Name)
		}
		for _, v := range typ.Vars {
			names = append(names, v.Names...)
		}
	}
	if len(names) < 100 {
		t.Fatalf("found %d exported names: the parse missed files", len(names))
	}
	for _, n := range names {
		if ast.IsExported(n) && !named(n) {
			t.Errorf("the package doc does not name %s", n)
		}
	}
}
