package uri

import (
	"slices"
	"testing"
)

func TestQueryParams(t *testing.T) {
	u := MustParse("http://a/?a=1&b&&c=x%20y&d=1+2&e=%2B&=v&a=2")
	type kv struct{ k, v string }
	var got []kv
	for k, v := range u.QueryParams() {
		got = append(got, kv{k, v})
	}
	want := []kv{{"a", "1"}, {"b", ""}, {"c", "x y"}, {"d", "1+2"}, {"e", "+"}, {"", "v"}, {"a", "2"}}
	if !slices.Equal(got, want) {
		t.Errorf("QueryParams = %q\nwant %q", got, want)
	}
	form, err := u.FormValues()
	if err != nil || form.Get("d") != "1 2" || form.Get("e") != "+" || len(form["a"]) != 2 {
		t.Errorf("FormValues = %v, %v", form, err)
	}
	// Stop early.
	for k := range u.QueryParams() {
		if k == "b" {
			break
		}
	}
}
