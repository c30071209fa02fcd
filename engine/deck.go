package engine

import (
	"fmt"

	"go.starlark.net/starlark"
)

type deck struct {
	gen uint64
}

func newDeck(gen uint64) *deck { return &deck{gen: gen} }

func (d *deck) clone(gen uint64) *deck { n := *d; n.gen = gen; return &n }

type deckValue struct {
	name string
	idx  int
}

func newDeckValue(name string, idx int) *deckValue { return &deckValue{name: name, idx: idx} }

func (d *deckValue) String() string        { return "<deck " + d.name + ">" }
func (d *deckValue) Type() string          { return "deck" }
func (d *deckValue) Freeze()               {}
func (d *deckValue) Truth() starlark.Bool  { return true }
func (d *deckValue) Hash() (uint32, error) { return 0, fmt.Errorf("unhashable") }

type cardValue struct{}

func (c *cardValue) String() string        { return "card" }
func (c *cardValue) Type() string          { return "card" }
func (c *cardValue) Freeze()               {}
func (c *cardValue) Truth() starlark.Bool  { return true }
func (c *cardValue) Hash() (uint32, error) { return 0, nil }
