package uri

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// utsConfusables reads confusables.txt (UTS #39, Section 4): each source
// code point with its prototype.
func utsConfusables(t *testing.T) map[rune][]rune {
	t.Helper()
	f, err := os.Open(filepath.Join(unicodeDir, "confusables.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[rune][]rune{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		from, rest, ok := strings.Cut(line, ";")
		if !ok {
			continue
		}
		to, _, _ := strings.Cut(rest, ";")
		r, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(from, "\uFEFF")), 16, 32)
		if err != nil {
			t.Fatalf("confusables.txt:%d: %v", n, err)
		}
		var proto []rune
		for _, cp := range strings.Fields(to) {
			x, err := strconv.ParseUint(cp, 16, 32)
			if err != nil {
				t.Fatalf("confusables.txt:%d: %v", n, err)
			}
			proto = append(proto, rune(x))
		}
		m[rune(r)] = proto
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return m
}

// utsSkeleton is UTS #39, Section 4's skeleton(X): NFD, each character
// replaced by its prototype, NFD again; computed here from confusables.txt
// and the package's NFD, not from the generated tables.
func utsSkeleton(protos map[rune][]rune, s string) []rune {
	nfd := func(rs []rune) []rune {
		var out []rune
		for _, r := range rs {
			out = appendDecomposed(out, r)
		}
		canonicalOrder(out)
		return out
	}
	var mapped []rune
	for _, r := range nfd([]rune(s)) {
		if p, ok := protos[r]; ok {
			mapped = append(mapped, p...)
		} else {
			mapped = append(mapped, r)
		}
	}
	return nfd(mapped)
}

func isASCIIRunes(rs []rune) bool {
	for _, r := range rs {
		if r >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// TestIRILabelSkeletons is issue #29, row 5's table test: every code point
// in four label contexts, alone and beside Latin, Han and Cyrillic letters
// whose own skeletons are ASCII ("o", U+3007 "〇" and Cyrillic "о", so that a
// character that reads as ASCII makes a label that reads as ASCII; the
// planes with no assigned character, 4 to 13, and the private-use planes
// 15 and 16 only alone): no label
// that displayLabel shows has a skeleton (UTS #39, Section 4, computed from
// confusables.txt) that is ASCII unless the label is ASCII. Every such
// label, and one in 64 of the others, is also given to IRI as an A-label of
// an https host and percent-encoded: IRI shows it decoded exactly when
// displayLabel does.
func TestIRILabelSkeletons(t *testing.T) {
	needUnicodeData(t, "confusables.txt")
	protos := utsConfusables(t)
	contexts := []struct{ name, before, after string }{
		{"alone", "", ""},
		{"beside Latin", "o", "o"},
		{"beside Han", "\u3007", "\u3007"},
		{"beside Cyrillic", "\u043E", "\u043E"},
	}
	shown, asciiSkel, viaIRI := make([]int, len(contexts)), 0, 0
	var buf []rune
	for r := rune(0x80); r <= unicode10FFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		for i, c := range contexts {
			if i > 0 && r >= 0x40000 && (r < 0xE0000 || r > 0xE0FFF) {
				break // planes 4 to 13 are unassigned, 15 and 16 private use: alone is enough
			}
			label := c.before + string(r) + c.after
			ok := displayLabel(label)
			// r's skeleton is r, not ASCII, unless confusables.txt or its
			// decomposition says otherwise: the skeleton is computed when
			// it may be ASCII or the label is shown
			_, mapped := protos[r]
			sk := false
			if ok || mapped || len(appendDecomposed(buf[:0], r)) > 1 || appendDecomposed(buf[:0], r)[0] != r {
				sk = isASCIIRunes(utsSkeleton(protos, label))
			}
			if ok {
				shown[i]++
			}
			if sk {
				asciiSkel++
			}
			if ok && sk {
				t.Errorf("%s: displayLabel shows %+q (%U), whose skeleton %+q is ASCII", c.name, label, r, string(utsSkeleton(protos, label)))
			}
			if !sk && (!ok || r%64 != 0) {
				continue
			}
			ace, err := DomainToASCII(label)
			if err != nil {
				continue
			}
			uni, err := DomainToUnicode(ace)
			if err != nil || !strings.Contains(ace, "xn--") {
				continue // UTS #46 maps the label to ASCII: it is ASCII
			}
			viaIRI++
			for k, in := range []string{"https://" + ace + ".example/", "https://" + string(appendPercentAll(nil, label)) + ".example/"} {
				u, err := Parse(in)
				if err != nil {
					continue // a label UTS #46 maps to '`' or another character RFC 3986 does not allow
				}
				_, h := iriAuthorityShown(u.IRI())
				want, text := ok, label // a percent-encoded label is shown as it is
				if k == 0 {
					want, text = displayLabel(uni), uni // an A-label is shown as UTS #46 ToUnicode gives it
				}
				if decoded := strings.HasPrefix(h, text+"."); decoded != want {
					t.Errorf("%s: %q.IRI() shows host %q; displayLabel(%+q) = %v", c.name, in, h, text, want)
				} else if decoded && isASCIIRunes(utsSkeleton(protos, text)) {
					t.Errorf("%s: %q.IRI() shows %+q, whose skeleton is ASCII", c.name, in, text)
				}
			}
		}
	}
	for i, c := range contexts {
		if shown[i] < 90 {
			t.Errorf("%s: only %d labels shown", c.name, shown[i])
		}
	}
	if asciiSkel < 4*100 {
		t.Errorf("only %d labels with an ASCII skeleton", asciiSkel)
	}
	t.Logf("labels shown: alone %d, beside Latin %d, Han %d, Cyrillic %d; %d with an ASCII skeleton, none shown; %d given to IRI", shown[0], shown[1], shown[2], shown[3], asciiSkel, viaIRI)
}

const unicode10FFFF = 0x10FFFF
