package graph

import "fmt"

// MaxStates is the most states a pack read from a file may have (packfile
// refuses more, naming this limit). The checks, the layout and the window
// take time growing faster than the number of states: 20,000 states took
// minutes to validate, 100,000 hours, where real BGA games have under a
// hundred. cmd/studio sets it from --max-states and RULESTUDIO_MAX_STATES.
var MaxStates = DefaultMaxStates

// DefaultMaxStates is MaxStates's value until it is set.
const DefaultMaxStates = 10_000

// EnvMaxStates is the environment variable that sets MaxStates.
const EnvMaxStates = "RULESTUDIO_MAX_STATES"

// CheckStateCount refuses a pack of more than MaxStates states; file names
// it in the error.
func CheckStateCount(p *Pack, file string) error {
	if n := len(p.States); n > MaxStates {
		return fmt.Errorf("%s: the pack has %d states, more than the %d the studio takes (raise the limit with --max-states %d, or the environment variable %s)",
			file, n, MaxStates, max(2*MaxStates, n), EnvMaxStates)
	}
	return nil
}
