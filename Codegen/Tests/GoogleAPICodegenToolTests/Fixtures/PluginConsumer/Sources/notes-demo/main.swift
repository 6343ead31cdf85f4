import Foundation
import NamespaceCheck
import NotesAPI
import NotesCheckedIn

// Offline: the generated types decode the API's JSON and encode it back. Both modules declare
// `Notes`, so they are named by module here.
let json = #"{"id":"n1","title":"Groceries","labels":["home"],"status":"ACTIVE","updated":"2026-11-23T18:00:00Z"}"#
let note = try JSONDecoder().decode(NotesAPI.Notes.Note.self, from: Data(json.utf8))
print("note \(note.id ?? "") \(note.title ?? "") \(note.status?.rawValue ?? "") \(note.labels ?? [])")
print("service \(NotesAPI.Notes.descriptor.name) \(NotesAPI.Notes.descriptor.version) scope \(NotesAPI.Notes.Scope.notesReadonly)")
let copy = NotesCheckedIn.Notes.Note(title: "checked in")
print("encoded \(String(decoding: try JSONEncoder().encode(copy), as: UTF8.self))")
print(namespaceCheck())
