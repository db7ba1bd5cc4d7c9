package handler

import "sync"

// Cine: this file is not part of FerretDB; it makes a write atomic.
//
// update, findAndModify and delete read the matching documents, change them
// in Go and write them back in a separate transaction that does not check
// they are unchanged, so two connections updating one document lose one of
// the writes (https://github.com/FerretDB/FerretDB/issues/3040). Those three
// commands hold their collection's lock from the read to the write. Inserts
// need none (each is one SQLite statement, unique indexes are SQLite's), and
// reads take none. The lock is taken before any backend lock and nothing
// under it takes another collection lock, so it cannot deadlock; different
// collections never wait for each other.

// collectionKey names one collection of one database.
type collectionKey struct {
	db, collection string
}

// collectionLocks maps a collectionKey to its *sync.Mutex.
var collectionLocks sync.Map

// lockCollection waits for the collection's write lock and returns its release.
func lockCollection(db, collection string) (unlock func()) {
	m, _ := collectionLocks.LoadOrStore(collectionKey{db: db, collection: collection}, new(sync.Mutex))
	mu := m.(*sync.Mutex)
	mu.Lock()

	return mu.Unlock
}
