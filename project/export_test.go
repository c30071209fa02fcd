package project

// NoSync turns off fsync for p's connection: only for tests and benchmarks that
// build large projects quickly.
func NoSync(p *Project) error {
	_, err := p.db.Exec("PRAGMA synchronous = OFF")
	return err
}
