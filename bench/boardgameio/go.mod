// This directory is a Node project (see simulate.js); the go.mod keeps its
// node_modules out of the Go module's ./... patterns.
module bench/boardgameio
