package main

import (
	"strings"
	"testing"
)

// TestAllocLimitFlag: --alloc-limit sets the memory rule code may take in
// every match a command plays: Hearts' card domains (combinations()) fail
// under 1KB at the domain's line, and play under the default.
func TestAllocLimitFlag(t *testing.T) {
	_, err := run(t, "play", "hearts", "--seed", "1", "--bots", "random", "--alloc-limit", "1KB")
	if err == nil || !strings.Contains(err.Error(), "hearts.yaml:74:49: action giveCards param cards domain: too much memory (more than 1,024 bytes") {
		t.Errorf("with --alloc-limit 1KB: %v", err)
	}
	if _, err := run(t, "play", "hearts", "--seed", "1", "--bots", "random"); err != nil {
		t.Errorf("with the default limit: %v", err)
	}
	if _, err := run(t, "play", "hearts", "--alloc-limit", "lots"); err == nil || !strings.Contains(err.Error(), `size "lots"`) {
		t.Errorf("--alloc-limit lots: %v", err)
	}
}
