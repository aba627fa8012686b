/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-records"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "parlor-records.h"

struct _ParlorRecords
{
  GObject   parent_instance;

  sqlite3  *db;
  char     *path;
  char     *notice;
  gboolean  newer;
};

G_DEFINE_FINAL_TYPE (ParlorRecords, parlor_records, G_TYPE_OBJECT)

G_DEFINE_QUARK (parlor-records-error-quark, parlor_records_error)

/*
 * The layout, one step per version: step i takes a database from version i
 * to i + 1. A new version adds a step; steps already shipped never change.
 */
static const char * const migrations[] = {
  /* 0 → 1: games and each seat's outcome. */
  "CREATE TABLE games ("
  "  id INTEGER PRIMARY KEY,"
  "  game TEXT NOT NULL,"
  "  date INTEGER NOT NULL,"
  "  seat INTEGER NOT NULL,"
  "  n_seats INTEGER NOT NULL,"
  "  strength INTEGER NOT NULL,"
  "  assisted INTEGER NOT NULL DEFAULT 0,"
  "  result TEXT);"
  "CREATE TABLE seats ("
  "  game_ref INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
  "  seat INTEGER NOT NULL,"
  "  kind INTEGER NOT NULL,"
  "  outcome INTEGER NOT NULL,"
  "  rank INTEGER NOT NULL,"
  "  score INTEGER NOT NULL,"
  "  PRIMARY KEY (game_ref, seat));"
  "CREATE INDEX games_by_game ON games (game, strength);",
  /* 1 → 2: mahjong hands (wins, fans, claims) and the kept replay. */
  "ALTER TABLE games ADD COLUMN n_hands INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE games ADD COLUMN replay TEXT;"
  "ALTER TABLE seats ADD COLUMN claims INTEGER NOT NULL DEFAULT 0;"
  "CREATE TABLE wins ("
  "  id INTEGER PRIMARY KEY,"
  "  game_ref INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
  "  hand INTEGER NOT NULL,"
  "  seat INTEGER NOT NULL,"
  "  self_drawn INTEGER NOT NULL,"
  "  dealt_in INTEGER NOT NULL,"
  "  points INTEGER NOT NULL);"
  "CREATE INDEX wins_by_game ON wins (game_ref);"
  "CREATE TABLE win_fans ("
  "  win_ref INTEGER NOT NULL REFERENCES wins(id) ON DELETE CASCADE,"
  "  name TEXT NOT NULL,"
  "  count INTEGER NOT NULL);"
  "CREATE INDEX win_fans_by_win ON win_fans (win_ref);",
  /* 2 → 3: a game's key, so that writing it again adds nothing. */
  "ALTER TABLE games ADD COLUMN key TEXT;"
  "CREATE UNIQUE INDEX games_by_key"
  "  ON games (key);",
};
G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == PARLOR_RECORDS_SCHEMA_VERSION);

static void
parlor_records_finalize (GObject *object)
{
  ParlorRecords *self = PARLOR_RECORDS (object);

  if (self->db != NULL)
    sqlite3_close (self->db);
  g_free (self->path);
  g_free (self->notice);

  G_OBJECT_CLASS (parlor_records_parent_class)->finalize (object);
}

static void
parlor_records_class_init (ParlorRecordsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = parlor_records_finalize;
}

static void
parlor_records_init (ParlorRecords *self)
{
}

char *
parlor_records_get_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "parlor", "records.sqlite", NULL);
}

char *
parlor_records_get_replay_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "parlor", "replays", NULL);
}

/* Waits this long for another program's lock, then says the records are busy. */
#define BUSY_TIMEOUT_MS 3000

static gboolean
db_error (sqlite3  *db,
          GError  **error)
{
  int code = db != NULL ? sqlite3_errcode (db) & 0xff : SQLITE_ERROR;

  if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
    g_set_error_literal (error, PARLOR_RECORDS_ERROR, PARLOR_RECORDS_ERROR_BUSY,
                         _("Your records are in use by another program"));
  else
    g_set_error (error, PARLOR_RECORDS_ERROR, PARLOR_RECORDS_ERROR_FAILED,
                 _("The records could not be read or written: %s"),
                 db != NULL ? sqlite3_errmsg (db) : "?");
  return FALSE;
}

static gboolean
exec (sqlite3     *db,
      const char  *sql,
      GError     **error)
{
  if (sqlite3_exec (db, sql, NULL, NULL, NULL) != SQLITE_OK)
    return db_error (db, error);
  return TRUE;
}

/* The first column of the first row as an integer, or -1. */
static gint64
query_int (sqlite3    *db,
           const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  gint64 value = -1;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) == SQLITE_OK &&
      sqlite3_step (stmt) == SQLITE_ROW)
    value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return value;
}

typedef enum
{
  CHECK_OK,
  CHECK_DAMAGED,
  CHECK_FAILED,     /* busy, out of memory…: not the file's fault */
} Check;

/* Opens @path and runs the quick check. */
static Check
open_checked (const char  *path,
              sqlite3    **out,
              GError     **error)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  Check check = CHECK_OK;
  int rc;

  rc = sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK)
    {
      /* Not allowed, not a file, no room…: the file may well be intact. */
      int code = sqlite3_extended_errcode (db) & 0xff;

      db_error (db, error);
      sqlite3_close (db);
      return code == SQLITE_NOTADB || code == SQLITE_CORRUPT ? CHECK_DAMAGED : CHECK_FAILED;
    }
  sqlite3_busy_timeout (db, BUSY_TIMEOUT_MS);
  rc = sqlite3_prepare_v2 (db, "PRAGMA quick_check", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      const char *text = (const char *) sqlite3_column_text (stmt, 0);

      if (g_strcmp0 (text, "ok") != 0)
        {
          g_set_error (error, PARLOR_RECORDS_ERROR, PARLOR_RECORDS_ERROR_FAILED,
                       "quick_check: %s", text != NULL ? text : "?");
          check = CHECK_DAMAGED;
        }
    }
  else
    {
      int code = sqlite3_extended_errcode (db) & 0xff;

      db_error (db, error);
      check = code == SQLITE_NOTADB || code == SQLITE_CORRUPT ? CHECK_DAMAGED : CHECK_FAILED;
    }
  sqlite3_finalize (stmt);
  if (check != CHECK_OK)
    {
      sqlite3_close (db);
      return check;
    }
  *out = db;
  return CHECK_OK;
}

/* Renames @path (and its log files) to PATH.corrupt-DATE; the new name. */
static char *
move_aside (const char *path)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *base = g_strdup_printf ("%s.corrupt-%s", path, stamp);
  char *aside = g_strdup (base);
  static const char * const tails[] = { "", "-wal", "-shm", "-journal" };

  for (guint n = 2; g_file_test (aside, G_FILE_TEST_EXISTS) && n < 1000; n++)
    {
      g_free (aside);
      aside = g_strdup_printf ("%s-%u", base, n);
    }
  for (guint i = 0; i < G_N_ELEMENTS (tails); i++)
    {
      g_autofree char *from = g_strconcat (path, tails[i], NULL);
      g_autofree char *to = g_strconcat (aside, tails[i], NULL);

      if (g_rename (from, to) != 0 && errno != ENOENT)
        {
          g_warning ("Could not move %s aside: %s", from, g_strerror (errno));
          g_unlink (from);
        }
    }
  return aside;
}

static gboolean
migrate (sqlite3  *db,
         GError  **error)
{
  /* Up to date: no write, so another program's lock does not matter. */
  if (query_int (db, "PRAGMA user_version") == PARLOR_RECORDS_SCHEMA_VERSION)
    return TRUE;
  for (;;)
    {
      gint64 version;
      g_autofree char *set = NULL;

      if (!exec (db, "BEGIN IMMEDIATE", error))
        return FALSE;
      version = query_int (db, "PRAGMA user_version");
      if (version < 0 || version >= PARLOR_RECORDS_SCHEMA_VERSION)
        return exec (db, "COMMIT", error);
      set = g_strdup_printf ("PRAGMA user_version = %d", (int) version + 1);
      if (!exec (db, migrations[version], error) || !exec (db, set, error) ||
          !exec (db, "COMMIT", error))
        {
          sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
          return FALSE;
        }
    }
}

ParlorRecords *
parlor_records_open (const char  *path,
                     GError     **error)
{
  g_autoptr(ParlorRecords) self = g_object_new (PARLOR_TYPE_RECORDS, NULL);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *dir = NULL;
  Check check;

  self->path = path != NULL ? g_strdup (path) : parlor_records_get_default_path ();
  dir = g_path_get_dirname (self->path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", dir, g_strerror (saved_errno));
      return NULL;
    }

  check = open_checked (self->path, &self->db, &local_error);
  if (check == CHECK_DAMAGED)
    {
      g_autofree char *aside = NULL;
      g_autofree char *name = NULL;

      g_debug ("%s: %s", self->path, local_error->message);
      g_clear_error (&local_error);
      aside = move_aside (self->path);
      name = g_path_get_basename (aside);
      self->notice = g_strdup_printf (_("Your records were damaged: they were set aside as "
                                        "“%s” and new records begun"), name);
      check = open_checked (self->path, &self->db, &local_error);
    }
  if (check == CHECK_FAILED && g_error_matches (local_error, PARLOR_RECORDS_ERROR,
                                                 PARLOR_RECORDS_ERROR_FAILED))
    {
      g_autofree char *name = g_path_get_basename (self->path);

      g_debug ("%s: %s", self->path, local_error->message);
      g_set_error (error, PARLOR_RECORDS_ERROR, PARLOR_RECORDS_ERROR_FAILED,
                   _("Your records “%s” could not be opened (they may belong to another user, "
                     "or not be a file): they were left as they are"), name);
      return NULL;
    }
  if (check != CHECK_OK)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  if (query_int (self->db, "PRAGMA user_version") > PARLOR_RECORDS_SCHEMA_VERSION)
    {
      /* Left as it is, for the newer Parlor that wrote it. */
      self->newer = TRUE;
      sqlite3_close (self->db);
      self->db = NULL;
      self->notice = g_strdup (_("Your records are from a newer version of Parlor: "
                                 "games are not recorded until you use it again"));
      return g_steal_pointer (&self);
    }

  if (!exec (self->db, "PRAGMA journal_mode = WAL", error) ||
      !exec (self->db, "PRAGMA synchronous = FULL", error) ||
      !exec (self->db, "PRAGMA foreign_keys = ON", error) ||
      !migrate (self->db, error))
    return NULL;
  return g_steal_pointer (&self);
}

const char *
parlor_records_get_notice (ParlorRecords *self)
{
  g_return_val_if_fail (PARLOR_IS_RECORDS (self), NULL);
  return self->notice;
}

gboolean
parlor_records_is_newer (ParlorRecords *self)
{
  g_return_val_if_fail (PARLOR_IS_RECORDS (self), FALSE);
  return self->newer;
}

const char *
parlor_records_get_path (ParlorRecords *self)
{
  g_return_val_if_fail (PARLOR_IS_RECORDS (self), NULL);
  return self->path;
}

static gboolean
check_usable (ParlorRecords  *self,
              GError        **error)
{
  if (!self->newer)
    return TRUE;
  g_set_error_literal (error, PARLOR_RECORDS_ERROR, PARLOR_RECORDS_ERROR_NEWER,
                       _("Your records are from a newer version of Parlor"));
  return FALSE;
}

static sqlite3_stmt *
prepare (ParlorRecords  *self,
         const char     *sql,
         GError        **error)
{
  sqlite3_stmt *stmt = NULL;

  if (sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL) != SQLITE_OK)
    {
      db_error (self->db, error);
      return NULL;
    }
  return stmt;
}

/* Steps @stmt to its end and resets it. */
static gboolean
run (ParlorRecords  *self,
     sqlite3_stmt   *stmt,
     GError        **error)
{
  int rc = sqlite3_step (stmt);

  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  if (rc != SQLITE_DONE)
    return db_error (self->db, error);
  return TRUE;
}

static gboolean
add_in_transaction (ParlorRecords          *self,
                    const ParlorGameRecord *record,
                    gint64                 *id,
                    GError                **error)
{
  sqlite3_stmt *game = NULL, *seat = NULL, *win = NULL, *fan = NULL;
  gboolean ok = FALSE;
  gint64 game_id;

  if (record->key != NULL)
    {
      sqlite3_stmt *known = prepare (self, "SELECT id FROM games WHERE key = ?", error);
      int rc;

      if (known == NULL)
        return FALSE;
      sqlite3_bind_text (known, 1, record->key, -1, SQLITE_STATIC);
      rc = sqlite3_step (known);
      if (rc == SQLITE_ROW && id != NULL)
        *id = sqlite3_column_int64 (known, 0);
      sqlite3_finalize (known);
      if (rc == SQLITE_ROW)
        return TRUE;
      if (rc != SQLITE_DONE)
        return db_error (self->db, error);
    }

  game = prepare (self, "INSERT INTO games (game, date, seat, n_seats, strength, assisted, "
                        "result, n_hands, replay, key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                  error);
  seat = game != NULL ? prepare (self, "INSERT INTO seats (game_ref, seat, kind, outcome, rank, "
                                       "score, claims) VALUES (?, ?, ?, ?, ?, ?, ?)", error) : NULL;
  win = seat != NULL ? prepare (self, "INSERT INTO wins (game_ref, hand, seat, self_drawn, "
                                      "dealt_in, points) VALUES (?, ?, ?, ?, ?, ?)", error) : NULL;
  fan = win != NULL ? prepare (self, "INSERT INTO win_fans (win_ref, name, count) "
                                     "VALUES (?, ?, ?)", error) : NULL;
  if (fan == NULL)
    goto out;

  sqlite3_bind_text (game, 1, record->game_id, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (game, 2, record->date);
  sqlite3_bind_int (game, 3, record->seat);
  sqlite3_bind_int (game, 4, (int) record->n_seats);
  sqlite3_bind_int (game, 5, record->strength);
  sqlite3_bind_int (game, 6, record->assisted ? 1 : 0);
  sqlite3_bind_text (game, 7, record->result, -1, SQLITE_STATIC);
  sqlite3_bind_int (game, 8, (int) record->n_hands);
  sqlite3_bind_text (game, 9, record->replay, -1, SQLITE_STATIC);
  sqlite3_bind_text (game, 10, record->key, -1, SQLITE_STATIC);
  if (!run (self, game, error))
    goto out;
  game_id = sqlite3_last_insert_rowid (self->db);

  for (guint s = 0; s < record->n_seats; s++)
    {
      const ParlorRecordSeat *rs = &record->seats[s];

      sqlite3_bind_int64 (seat, 1, game_id);
      sqlite3_bind_int (seat, 2, (int) s);
      sqlite3_bind_int (seat, 3, rs->kind);
      sqlite3_bind_int (seat, 4, rs->outcome);
      sqlite3_bind_int (seat, 5, rs->rank);
      sqlite3_bind_int (seat, 6, rs->score);
      sqlite3_bind_int (seat, 7, (int) rs->claims);
      if (!run (self, seat, error))
        goto out;
    }

  for (guint i = 0; i < record->wins->len; i++)
    {
      const ParlorRecordWin *w = g_ptr_array_index (record->wins, i);
      gint64 win_id;

      sqlite3_bind_int64 (win, 1, game_id);
      sqlite3_bind_int (win, 2, (int) w->hand);
      sqlite3_bind_int (win, 3, (int) w->seat);
      sqlite3_bind_int (win, 4, w->self_drawn ? 1 : 0);
      sqlite3_bind_int (win, 5, w->dealt_in);
      sqlite3_bind_int (win, 6, w->points);
      if (!run (self, win, error))
        goto out;
      win_id = sqlite3_last_insert_rowid (self->db);
      for (guint f = 0; f < w->fans->len; f++)
        {
          const ParlorRecordFan *rf = g_ptr_array_index (w->fans, f);

          sqlite3_bind_int64 (fan, 1, win_id);
          sqlite3_bind_text (fan, 2, rf->name, -1, SQLITE_STATIC);
          sqlite3_bind_int (fan, 3, (int) rf->count);
          if (!run (self, fan, error))
            goto out;
        }
    }
  if (id != NULL)
    *id = game_id;
  ok = TRUE;

out:
  sqlite3_finalize (game);
  sqlite3_finalize (seat);
  sqlite3_finalize (win);
  sqlite3_finalize (fan);
  return ok;
}

gboolean
parlor_records_add (ParlorRecords          *self,
                    const ParlorGameRecord *record,
                    gint64                 *id,
                    GError                **error)
{
  g_return_val_if_fail (PARLOR_IS_RECORDS (self), FALSE);
  g_return_val_if_fail (record != NULL, FALSE);

  if (!check_usable (self, error) || !exec (self->db, "BEGIN IMMEDIATE", error))
    return FALSE;
  if (!add_in_transaction (self, record, id, error) || !exec (self->db, "COMMIT", error))
    {
      sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
      return FALSE;
    }
  return TRUE;
}

gboolean
parlor_records_reset (ParlorRecords  *self,
                      const char     *game_id,
                      GError        **error)
{
  sqlite3_stmt *stmt;
  gboolean ok;

  g_return_val_if_fail (PARLOR_IS_RECORDS (self), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);

  if (!check_usable (self, error) || (stmt = prepare (self, "DELETE FROM games WHERE game = ?",
                                                      error)) == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, game_id, -1, SQLITE_STATIC);
  ok = run (self, stmt, error);
  sqlite3_finalize (stmt);
  return ok;
}

void
parlor_record_entry_free (ParlorRecordEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->game_id);
  g_free (entry->replay);
  g_free (entry);
}

GPtrArray *
parlor_records_list (ParlorRecords  *self,
                     const char     *game_id,
                     guint           limit,
                     GError        **error)
{
  g_autoptr(GPtrArray) entries = NULL;
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (PARLOR_IS_RECORDS (self), NULL);

  if (!check_usable (self, error) ||
      (stmt = prepare (self,
                       "SELECT g.id, g.game, g.date, g.seat, g.strength, g.assisted, s.outcome, "
                       "s.score, s.rank, g.replay FROM games g "
                       "LEFT JOIN seats s ON s.game_ref = g.id AND s.seat = g.seat "
                       "WHERE ?1 IS NULL OR g.game = ?1 ORDER BY g.date DESC, g.id DESC LIMIT ?2",
                       error)) == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, game_id, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 2, limit > 0 ? (gint64) limit : -1);
  entries = g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_record_entry_free);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      ParlorRecordEntry *e = g_new0 (ParlorRecordEntry, 1);

      e->id = sqlite3_column_int64 (stmt, 0);
      e->game_id = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
      e->date = sqlite3_column_int64 (stmt, 2);
      e->seat = sqlite3_column_int (stmt, 3);
      e->strength = sqlite3_column_int (stmt, 4);
      e->assisted = sqlite3_column_int (stmt, 5) != 0;
      e->outcome = CLAMP (sqlite3_column_int (stmt, 6), PARLOR_OUTCOME_LOST, PARLOR_OUTCOME_WON);
      e->score = sqlite3_column_int (stmt, 7);
      e->rank = sqlite3_column_int (stmt, 8);
      e->replay = g_strdup ((const char *) sqlite3_column_text (stmt, 9));
      g_ptr_array_add (entries, e);
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      db_error (self->db, error);
      return NULL;
    }
  return g_steal_pointer (&entries);
}

GArray *
parlor_records_list_strengths (ParlorRecords  *self,
                               const char     *game_id,
                               GError        **error)
{
  g_autoptr(GArray) strengths = NULL;
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (PARLOR_IS_RECORDS (self), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  if (!check_usable (self, error) ||
      (stmt = prepare (self, "SELECT DISTINCT strength FROM games WHERE game = ? "
                             "ORDER BY strength", error)) == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, game_id, -1, SQLITE_STATIC);
  strengths = g_array_new (FALSE, FALSE, sizeof (int));
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      int s = sqlite3_column_int (stmt, 0);

      g_array_append_val (strengths, s);
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      db_error (self->db, error);
      return NULL;
    }
  return g_steal_pointer (&strengths);
}

/* The games and seats the figures are of: ?1 game, ?2 strength (or any),
 * ?3 assisted, ?4 the seats' kind. */
#define FILTER \
  " g.game = ?1 AND (?2 = -2147483648 OR g.strength = ?2) AND g.assisted = ?3 AND s.kind = ?4 "

static sqlite3_stmt *
prepare_filtered (ParlorRecords     *self,
                  const char        *sql,
                  const char        *game_id,
                  int                strength,
                  gboolean           assisted,
                  ParlorRecordsWho   who,
                  GError           **error)
{
  sqlite3_stmt *stmt = prepare (self, sql, error);

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, game_id, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 2, strength);
  sqlite3_bind_int (stmt, 3, assisted ? 1 : 0);
  sqlite3_bind_int (stmt, 4, who == PARLOR_RECORDS_YOU ? PARLOR_RECORD_SEAT_YOU
                                                       : PARLOR_RECORD_SEAT_COMPUTER);
  return stmt;
}

G_STATIC_ASSERT (PARLOR_RECORDS_ANY_STRENGTH == -2147483647 - 1);

gboolean
parlor_records_get_figures (ParlorRecords       *self,
                            const char          *game_id,
                            int                  strength,
                            gboolean             assisted,
                            ParlorRecordsWho     who,
                            ParlorRecordFigures *figures,
                            GError             **error)
{
  static const char * const queries[] = {
    "SELECT COUNT(*), TOTAL(s.outcome = 1), TOTAL(s.outcome = 0), TOTAL(s.outcome = -1), "
    "MAX(s.score), AVG(s.score), MIN(s.rank), AVG(s.rank), TOTAL(g.n_hands), TOTAL(s.claims) "
    "FROM games g JOIN seats s ON s.game_ref = g.id WHERE" FILTER,
    "SELECT COUNT(*), TOTAL(w.self_drawn), AVG(w.points) FROM wins w "
    "JOIN games g ON w.game_ref = g.id "
    "JOIN seats s ON s.game_ref = g.id AND s.seat = w.seat WHERE" FILTER,
    /* Two players winning on one discard is one deal-in. */
    "SELECT COUNT(DISTINCT w.game_ref || '/' || w.hand || '/' || w.dealt_in) FROM wins w "
    "JOIN games g ON w.game_ref = g.id "
    "JOIN seats s ON s.game_ref = g.id AND s.seat = w.dealt_in WHERE" FILTER,
  };
  ParlorRecordFigures f = { 0 };

  g_return_val_if_fail (PARLOR_IS_RECORDS (self), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);
  g_return_val_if_fail (figures != NULL, FALSE);

  if (!check_usable (self, error))
    return FALSE;
  for (guint q = 0; q < G_N_ELEMENTS (queries); q++)
    {
      sqlite3_stmt *stmt = prepare_filtered (self, queries[q], game_id, strength, assisted,
                                             who, error);

      if (stmt == NULL)
        return FALSE;
      if (sqlite3_step (stmt) != SQLITE_ROW)
        {
          sqlite3_finalize (stmt);
          return db_error (self->db, error);
        }
      if (q == 0)
        {
          f.played = (guint) sqlite3_column_int64 (stmt, 0);
          f.won = (guint) sqlite3_column_double (stmt, 1);
          f.drawn = (guint) sqlite3_column_double (stmt, 2);
          f.lost = (guint) sqlite3_column_double (stmt, 3);
          f.best_score = sqlite3_column_int (stmt, 4);
          f.mean_score = sqlite3_column_double (stmt, 5);
          f.best_rank = sqlite3_column_int (stmt, 6);
          f.mean_rank = sqlite3_column_double (stmt, 7);
          f.hands = (guint) sqlite3_column_double (stmt, 8);
          f.claimed = (guint) sqlite3_column_double (stmt, 9);
        }
      else if (q == 1)
        {
          f.wins = (guint) sqlite3_column_int64 (stmt, 0);
          f.self_drawn = (guint) sqlite3_column_double (stmt, 1);
          f.mean_points = sqlite3_column_double (stmt, 2);
        }
      else
        f.deal_ins = (guint) sqlite3_column_int64 (stmt, 0);
      sqlite3_finalize (stmt);
    }
  *figures = f;
  return TRUE;
}

static void
fan_free (gpointer data)
{
  ParlorRecordFan *fan = data;

  g_free (fan->name);
  g_free (fan);
}

GPtrArray *
parlor_records_get_fans (ParlorRecords     *self,
                         const char        *game_id,
                         int                strength,
                         gboolean           assisted,
                         ParlorRecordsWho   who,
                         GError           **error)
{
  g_autoptr(GPtrArray) fans = NULL;
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (PARLOR_IS_RECORDS (self), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  if (!check_usable (self, error) ||
      (stmt = prepare_filtered (self,
                                "SELECT f.name, COUNT(*) FROM win_fans f "
                                "JOIN wins w ON f.win_ref = w.id "
                                "JOIN games g ON w.game_ref = g.id "
                                "JOIN seats s ON s.game_ref = g.id AND s.seat = w.seat WHERE"
                                FILTER "GROUP BY f.name ORDER BY 2 DESC, 1",
                                game_id, strength, assisted, who, error)) == NULL)
    return NULL;
  fans = g_ptr_array_new_with_free_func (fan_free);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      ParlorRecordFan *fan = g_new0 (ParlorRecordFan, 1);

      fan->name = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      fan->count = (guint) sqlite3_column_int64 (stmt, 1);
      g_ptr_array_add (fans, fan);
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      db_error (self->db, error);
      return NULL;
    }
  return g_steal_pointer (&fans);
}

char *
parlor_records_keep_replay (const char  *dir,
                            const char  *game_id,
                            const char  *text,
                            GError     **error)
{
  g_autofree char *default_dir = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  g_return_val_if_fail (game_id != NULL, NULL);
  g_return_val_if_fail (text != NULL, NULL);

  if (dir == NULL)
    dir = default_dir = parlor_records_get_replay_dir ();
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", dir, g_strerror (saved_errno));
      return NULL;
    }
  for (guint n = 1; n < 10000; n++)
    {
      g_autofree char *name = g_strdup_printf ("%s-%s-%u.replay", game_id, stamp, n);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      /* Claims the name, so two games never share it. */
      int fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL, 0600);

      if (fd < 0 && errno == EEXIST)
        continue;
      if (fd < 0)
        {
          int saved_errno = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       "%s: %s", path, g_strerror (saved_errno));
          return NULL;
        }
      g_close (fd, NULL);
      if (!g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                     error))
        {
          g_unlink (path);
          return NULL;
        }
      return g_steal_pointer (&path);
    }
  g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_EXIST, _("No name is free for the replay"));
  return NULL;
}
