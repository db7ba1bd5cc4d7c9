// Command cine-ferretdb runs FerretDB v1 embedded, storing in SQLite files,
// so the platform has a MongoDB-wire server with no preinstalled database.
package main

import (
	"context"
	"flag"
	"io"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	dir := flag.String("dir", ".data/ferretdb", "directory holding the SQLite files")
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	stopOnStdinClose := flag.Bool("stop-on-stdin-close", false,
		"shut down when stdin reaches EOF, so the server dies with the process that started it")
	verbose := flag.Bool("verbose", false, "log every FerretDB event, not only warnings")
	flag.Parse()

	if err := os.MkdirAll(*dir, 0o755); err != nil {
		log.Fatalf("cannot create %s: %v", *dir, err)
	}

	// Every request decodes and encodes whole documents, so garbage is made
	// fast while the live heap stays small: with Go's default (collect when
	// the heap has doubled) the collector took about 12 % of the CPU under a
	// checkout rush. Collecting at +400 % costs some tens of MB. GOGC still wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}

	level := slog.LevelWarn
	if *verbose {
		level = slog.LevelInfo
	}

	f, err := ferretdb.New(&ferretdb.Config{
		Listener: ferretdb.ListenerConfig{TCP: *listen},
		Logger:   slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level})),
		Handler:  "sqlite",
		// synchronous(normal): in WAL mode a commit no longer waits for the
		// disk, only a checkpoint does. A crash of this process or of its
		// parent loses nothing; a power loss or an OS crash may roll back the
		// last commits, never corrupt the files. That is the durability
		// MongoDB gives by default (w:1 returns before its journal's flush,
		// every 100 ms), and concurrent writes no longer queue for fsync
		// (small inserts, 10 at a time: ~600/s before, ~4,000/s after).
		SQLiteURL: "file:" + *dir + "/?_pragma=synchronous(normal)",
	})
	if err != nil {
		log.Fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if *stopOnStdinClose {
		// The parent holds the write end of our stdin; if it dies, even by
		// SIGKILL, the pipe closes and we stop instead of lingering.
		go func() {
			_, _ = io.Copy(io.Discard, os.Stdin)
			stop()
		}()
	}

	log.Printf("ferretdb listening on %s, data in %s", *listen, *dir)
	f.Run(ctx)
}
