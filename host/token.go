package host

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
)

// tokenBytes is a token's length: 128 bits.
const tokenBytes = 16

// newToken returns a fresh seat token: 128 bits from crypto/rand, as hex.
func newToken() (string, error) {
	b := make([]byte, tokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("host: make a seat token: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// seatRef is what a token opens: a match (from 0) and a seat (from 1; 0 is
// the spectator).
type seatRef struct {
	match, seat int
}

// tokenTable holds every token of the server. Lookups compare the token
// given with every token held, in constant time each and all of them every
// time, so neither the answer's timing nor an early exit tells how much of
// a token was right.
type tokenTable struct {
	tokens [][]byte
	refs   []seatRef
}

func (t *tokenTable) add(tok string, ref seatRef) {
	t.tokens = append(t.tokens, []byte(tok))
	t.refs = append(t.refs, ref)
}

// lookup returns the seat tok opens, or false.
func (t *tokenTable) lookup(tok string) (seatRef, bool) {
	given := []byte(tok)
	found := -1
	for i, want := range t.tokens {
		if subtle.ConstantTimeCompare(given, want) == 1 {
			found = i
		}
	}
	if found < 0 {
		return seatRef{}, false
	}
	return t.refs[found], true
}
