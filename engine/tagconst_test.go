package engine

import "testing"

// withoutTag takes tag out of the tag table of m's program (its own: a
// test's match parses its pack anew), so a look-up by name from here on
// fails: what still answers was resolved before.
func withoutTag(m *Match, tag string) {
	delete(m.p.tags, tag)
}

// TestObjectsByTagLooksUpOnce: objects(tag=...) asked again for the same
// members answers from its memo without looking its tag up by name (the
// look-up was a map read per call, issue 25); once the members change, it
// looks up again, and a tag no type declares is the error it always was.
func TestObjectsByTagLooksUpOnce(t *testing.T) {
	m := seedsMatch(t)
	const src = "len(objects(tag='creature'))"
	want := eval(t, m, src)
	withoutTag(m, "creature")
	if got, err := m.Eval(src); err != nil || got.String() != want {
		t.Fatalf("%s again, same members: %v, %v; want %s without a look-up", src, got, err, want)
	}
	run(t, m, "objects()[0].add_tag('elf')") // new members: the memo no longer holds
	if _, err := m.Eval(src); err == nil {
		t.Errorf("%s after the members changed: no error, want the look-up's", src)
	}
}

// TestHasTagLooksUpOnce: has_tag by the same name again answers from the
// match's last tag without a look-up by name; another name is looked up.
func TestHasTagLooksUpOnce(t *testing.T) {
	m := seedsMatch(t)
	const src = "len([o for o in objects() if o.has_tag('creature')])"
	want := eval(t, m, src)
	if want == "0" {
		t.Fatal("no creature in the seed effects")
	}
	withoutTag(m, "creature")
	withoutTag(m, "elf")
	if got := eval(t, m, src); got != want {
		t.Errorf("%s again: %s, want %s without a look-up", src, got, want)
	}
	if got := eval(t, m, "len([o for o in objects() if o.has_tag('elf')])"); got != "0" {
		t.Errorf("has_tag('elf') with elf gone from the tag table: %s, want 0 (looked up)", got)
	}
}
