package uri

import (
	"flag"
	"os/exec"
	"regexp"
	"testing"
)

var inliningCheck = flag.Bool("inlining", false, "TestInlining: build the package with -gcflags=-m and check that the functions whose docs rely on inlining are inlined (CI runs it)")

// TestInlining checks that the functions whose doc comments rely on being
// inlined are inlinable (net/netip's inlining_test.go is the model): the
// entry points that build the URI in the caller's variable (parseInto's
// doc), the methods that spare their callers a copy of the URI (Resolve,
// String), the class test, the ASCII folds and the scheme table's
// readers. A change that pushes one over the compiler's budget fails here
// rather than as a slowdown nobody traces. It compiles the package again,
// so it runs with -inlining.
func TestInlining(t *testing.T) {
	if !*inliningCheck {
		t.Skip("builds the package with -gcflags=-m; run with -inlining")
	}
	out, err := exec.Command("go", "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	got := map[string]bool{}
	for _, m := range regexp.MustCompile(` can inline (\S+)`).FindAllSubmatch(out, -1) {
		got[string(m[1])] = true
	}
	want := []string{
		// parse.go: "the entry points above stay small enough to be inlined"
		"Parse", "ParseURI", "ParseAbsolute", "ParseRelative", "Valid",
		// web.go: the web parser's entry point, like Parse's
		"ParseWeb",
		// http.go: TargetURI, the same way ("stays small enough to be inlined")
		"TargetURI",
		// resolve.go and uri.go: no copy of the URI for the caller
		"URI.Resolve", "URI.String",
		// parse.go: the class test and the ASCII folds (runOf, the class-run
		// scan, is a call of its own since it reads eight bytes per step)
		"is", "lower", "equalFoldASCII",
		// scheme.go: the web parser's question, asked for every URL
		"specialPort", "webSpecialAuthority", "le32",
	}
	for _, name := range want {
		if !got[name] {
			t.Errorf("%s is not inlinable (go build -gcflags=-m -m . says why)", name)
		}
	}
}
