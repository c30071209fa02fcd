package main

import "errors"

// runGUI opens the studio window on the project at path (the bundled example
// project when path is empty). It is replaced by the editor wiring.
func runGUI(path string) error {
	return errors.New("the studio window is not built yet")
}
