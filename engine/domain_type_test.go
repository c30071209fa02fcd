package engine

import (
	"strings"
	"testing"
)

// TestDomainOfTheWrongTypeReads: a domain listing ints for a player
// parameter is the domain's mistake, said in English ("an int", not "a
// int") with the value and the parameter's type.
func TestDomainOfTheWrongTypeReads(t *testing.T) {
	src := strings.Replace(strings.Replace(pairPack, "%TYPE%", "tuple", 1), `x: {type: int, domain: "range(%F%)"}`, `x: {type: player, domain: "range(%F%)"}`, 1)
	src = strings.NewReplacer("%N%", "2", "%K%", "2", "%F%", "2").Replace(src)
	p, err := Parse([]byte(src), "pairs.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.NewMatch(2, Options{Seed: 1})
	if err == nil {
		_, err = m.LegalAll()
	}
	want := "lists 0, an int, where x is a player: no move can take it"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %q", err, want)
	}
}
