/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "parlor-pending.h"
#include "parlor-records.h"

typedef struct
{
  char *dir;
  char *path;
} Fixture;

static void
fixture_set_up (Fixture       *fx,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fx->dir = g_dir_make_tmp ("parlor-records-XXXXXX", &error);
  g_assert_no_error (error);
  fx->path = g_build_filename (fx->dir, "records.sqlite", NULL);
}

static void
fixture_tear_down (Fixture       *fx,
                   gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (fx->dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fx->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (fx->dir);
  g_free (fx->dir);
  g_free (fx->path);
}

static void
sql (const char *path,
     const char *text)
{
  sqlite3 *db = NULL;
  char *message = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  if (sqlite3_exec (db, text, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", text, message);
  sqlite3_close (db);
}

static gint64
sql_int (const char *path,
         const char *text)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 value;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, text, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return value;
}

/* A two-seat game you won (seat 0) or lost, with @score each. */
static ParlorGameRecord *
simple_game (const char *game,
             int         strength,
             int         you,
             int         them)
{
  ParlorGameRecord *r = parlor_game_record_new (game, 2, 0);
  g_autofree char *result = g_strdup_printf ("result score0=%d score1=%d winner=%s", you, them,
                                             you > them ? "0" : you < them ? "1" : "draw");

  r->strength = strength;
  g_assert_true (parlor_game_record_set_result (r, result, NULL));
  return r;
}

static void
add (ParlorRecords    *records,
     ParlorGameRecord *record)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (parlor_records_add (records, record, NULL, &error));
  g_assert_no_error (error);
  parlor_game_record_free (record);
}

static void
test_fresh (Fixture       *fx,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorRecords) records = parlor_records_open (fx->path, &error);
  g_autoptr(GPtrArray) list = NULL;

  g_assert_no_error (error);
  g_assert_null (parlor_records_get_notice (records));
  g_assert_false (parlor_records_is_newer (records));
  list = parlor_records_list (records, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 0);
  g_clear_object (&records);

  g_assert_cmpint (sql_int (fx->path, "PRAGMA user_version"), ==, PARLOR_RECORDS_SCHEMA_VERSION);
  g_assert_cmpint (sql_int (fx->path, "SELECT COUNT(*) FROM pragma_journal_mode "
                                      "WHERE journal_mode = 'wal'"), ==, 1);
}

/* The first layout, as a Parlor of that version wrote it, with one game. */
static void
test_migrate_from_1 (Fixture       *fx,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorRecords) records = NULL;
  g_autoptr(GPtrArray) list = NULL;
  ParlorRecordEntry *entry;
  ParlorRecordFigures f;

  sql (fx->path,
       "CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, date INTEGER NOT NULL,"
       " seat INTEGER NOT NULL, n_seats INTEGER NOT NULL, strength INTEGER NOT NULL,"
       " assisted INTEGER NOT NULL DEFAULT 0, result TEXT);"
       "CREATE TABLE seats (game_ref INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
       " seat INTEGER NOT NULL, kind INTEGER NOT NULL, outcome INTEGER NOT NULL,"
       " rank INTEGER NOT NULL, score INTEGER NOT NULL, PRIMARY KEY (game_ref, seat));"
       "CREATE INDEX games_by_game ON games (game, strength);"
       "INSERT INTO games VALUES (7, 'triad', 1700000000, 1, 2, 3, 0, 'result score0=4 score1=6 winner=1');"
       "INSERT INTO seats VALUES (7, 0, 1, -1, 2, 4);"
       "INSERT INTO seats VALUES (7, 1, 0, 1, 1, 6);"
       "PRAGMA user_version = 1;");

  records = parlor_records_open (fx->path, &error);
  g_assert_no_error (error);
  g_assert_null (parlor_records_get_notice (records));

  list = parlor_records_list (records, "triad", 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 1);
  entry = g_ptr_array_index (list, 0);
  g_assert_cmpint (entry->id, ==, 7);
  g_assert_cmpint (entry->seat, ==, 1);
  g_assert_cmpint (entry->outcome, ==, PARLOR_OUTCOME_WON);
  g_assert_cmpint (entry->score, ==, 6);
  g_assert_null (entry->replay);

  g_assert_true (parlor_records_get_figures (records, "triad", 3, FALSE, PARLOR_RECORDS_YOU,
                                             &f, &error));
  g_assert_cmpuint (f.played, ==, 1);
  g_assert_cmpuint (f.won, ==, 1);
  g_assert_cmpuint (f.hands, ==, 0);

  /* The new layout's columns and tables work on the migrated file. */
  {
    ParlorGameRecord *r = parlor_game_record_new ("jihai", 2, 0);

    r->replay = g_strdup ("/tmp/x.replay");
    parlor_game_record_add_event (r, "hand number=1 starter=0 score0=0 score1=0");
    parlor_game_record_add_event (r, "win seat=0 way=tsumo tile=E shape=A lines=all_honors:8 "
                                     "points=8 melds=- tiles=EEE");
    g_assert_true (parlor_game_record_set_result (r, "result winner=0 score0=8 score1=-8 hands=1",
                                                  NULL));
    add (records, r);
  }
  g_clear_pointer (&list, g_ptr_array_unref);
  list = parlor_records_list (records, NULL, 0, &error);
  g_assert_cmpuint (list->len, ==, 2);
  g_assert_cmpstr (((ParlorRecordEntry *) g_ptr_array_index (list, 0))->replay, ==,
                   "/tmp/x.replay");
  g_clear_object (&records);
  g_assert_cmpint (sql_int (fx->path, "PRAGMA user_version"), ==, PARLOR_RECORDS_SCHEMA_VERSION);
  g_assert_cmpint (sql_int (fx->path, "SELECT COUNT(*) FROM wins"), ==, 1);
}

static void
assert_one_file_like (const char *dir,
                      const char *prefix,
                      const char *contents)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint found = 0;

  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, prefix) && !g_str_has_suffix (name, "-wal") &&
        !g_str_has_suffix (name, "-shm"))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        g_autofree char *text = NULL;

        found++;
        if (contents != NULL)
          {
            g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
            g_assert_cmpstr (text, ==, contents);
          }
      }
  g_assert_cmpuint (found, ==, 1);
}

static void
check_fresh_works (ParlorRecords *records)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;

  add (records, simple_game ("triad", 1, 6, 4));
  list = parlor_records_list (records, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 1);
}

static void
test_not_a_database (Fixture       *fx,
                     gconstpointer  data)
{
  static const char garbage[] = "This is not a database, but a text file of some length "
                                "that happens to sit where the records should be.\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorRecords) records = NULL;

  g_assert_true (g_file_set_contents (fx->path, garbage, -1, NULL));
  records = parlor_records_open (fx->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (parlor_records_get_notice (records));
  g_assert_nonnull (strstr (parlor_records_get_notice (records), "records.sqlite.corrupt-"));
  assert_one_file_like (fx->dir, "records.sqlite.corrupt-", garbage);
  check_fresh_works (records);
}

/* A real database with a page overwritten: its check fails. */
static void
test_damaged_pages (Fixture       *fx,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorRecords) records = parlor_records_open (fx->path, &error);
  g_autofree char *text = NULL;
  gsize length;

  g_assert_no_error (error);
  for (int i = 0; i < 200; i++)
    add (records, simple_game ("manhattan", i % 4, i, 200 - i));
  g_clear_object (&records);
  /* Folds the log into the file, so the damage below is what is read. */
  sql (fx->path, "PRAGMA wal_checkpoint(TRUNCATE)");

  g_assert_true (g_file_get_contents (fx->path, &text, &length, NULL));
  g_assert_cmpuint (length, >, 3 * 4096);
  for (gsize i = 4096 + 8; i < 3 * 4096; i++)
    text[i] = (char) (i * 7);
  g_assert_true (g_file_set_contents (fx->path, text, length, NULL));

  records = parlor_records_open (fx->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (parlor_records_get_notice (records));
  assert_one_file_like (fx->dir, "records.sqlite.corrupt-", NULL);
  check_fresh_works (records);
}

static void
test_newer (Fixture       *fx,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorRecords) records = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_len, after_len;
  ParlorGameRecord *r;
  ParlorRecordFigures f;

  sql (fx->path, "CREATE TABLE future (x INTEGER); INSERT INTO future VALUES (42);"
                 "PRAGMA user_version = 99;");
  g_assert_true (g_file_get_contents (fx->path, &before, &before_len, NULL));

  records = parlor_records_open (fx->path, &error);
  g_assert_no_error (error);
  g_assert_true (parlor_records_is_newer (records));
  g_assert_nonnull (parlor_records_get_notice (records));

  r = simple_game ("triad", 0, 6, 4);
  g_assert_false (parlor_records_add (records, r, NULL, &error));
  g_assert_error (error, PARLOR_RECORDS_ERROR, PARLOR_RECORDS_ERROR_NEWER);
  g_clear_error (&error);
  parlor_game_record_free (r);
  g_assert_false (parlor_records_get_figures (records, "triad", 0, FALSE, PARLOR_RECORDS_YOU,
                                              &f, &error));
  g_assert_error (error, PARLOR_RECORDS_ERROR, PARLOR_RECORDS_ERROR_NEWER);
  g_clear_error (&error);
  g_assert_false (parlor_records_reset (records, "triad", &error));
  g_assert_error (error, PARLOR_RECORDS_ERROR, PARLOR_RECORDS_ERROR_NEWER);
  g_clear_object (&records);

  g_assert_true (g_file_get_contents (fx->path, &after, &after_len, NULL));
  g_assert_cmpmem (before, before_len, after, after_len);
  g_assert_cmpint (sql_int (fx->path, "PRAGMA user_version"), ==, 99);
  g_assert_cmpint (sql_int (fx->path, "SELECT x FROM future"), ==, 42);
}

/* Four-seat mahjong hands, you in seat 1. */
static ParlorGameRecord *
mcr_game (const char * const *events,
          const char         *result,
          int                 strength,
          gboolean            assisted)
{
  ParlorGameRecord *r = parlor_game_record_new ("mcr", 4, 1);

  r->strength = strength;
  r->assisted = assisted;
  for (guint i = 0; events[i] != NULL; i++)
    parlor_game_record_add_event (r, events[i]);
  g_assert_true (parlor_game_record_set_result (r, result, NULL));
  return r;
}

static void
test_figures (Fixture       *fx,
              gconstpointer  data)
{
  static const char * const game_a[] = {
    "hand number=1 of=4 dealer=0 prevalent=E",
    "pung seat=1 tile=5z from=0",
    "chow seat=1 tile=3m low=2m from=0",
    "hu seat=1 tile=4p from=2 hand=x fan=10 fans=Pure%20Straight%20x1;Seat%20Wind%20x1 "
    "pay=-8,34,-18,-8 scores=-8,34,-18,-8",
    "hand number=2 of=4 dealer=1 prevalent=E",
    "kong seat=3 tile=7s from=1",
    "hu seat=3 tile=1m self=1 hand=x fan=8 fans=Pure%20Straight%20x1 "
    "pay=-16,-16,-16,48 scores=-24,18,-34,40",
    "hand number=3 of=4 dealer=2 prevalent=E",
    "exhausted hand=3",
    "hand number=4 of=4 dealer=3 prevalent=E",
    "hu seat=0 tile=9s from=1 hand=x fan=12 fans=All%20Types%20x1;Flower%20Tiles%20x2 "
    "pay=44,-20,-12,-12 scores=20,-2,-46,28",
    NULL
  };
  static const char * const game_b[] = {
    "hand number=1 of=2 dealer=0 prevalent=E",
    "hu seat=1 tile=4p self=1 hand=x fan=20 fans=All%20Types%20x1 "
    "pay=-28,84,-28,-28 scores=-28,84,-28,-28",
    "hand number=2 of=2 dealer=1 prevalent=E",
    "hu seat=1 tile=4p from=3 hand=x fan=8 fans=Seat%20Wind%20x1 "
    "pay=-8,32,-8,-16 scores=-36,116,-36,-44",
    NULL
  };
  static const char * const game_c[] = {
    "hand number=1 of=1 dealer=0 prevalent=E",
    "hu seat=2 tile=4p from=1 hand=x fan=9 fans=Seat%20Wind%20x1 "
    "pay=-8,-17,33,-8 scores=-8,-17,33,-8",
    NULL
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorRecords) records = parlor_records_open (fx->path, &error);
  g_autoptr(GPtrArray) fans = NULL;
  g_autoptr(GArray) strengths = NULL;
  ParlorRecordFigures f;
  ParlorRecordFan *fan;

  g_assert_no_error (error);
  add (records, mcr_game (game_a, "result scores=20,-2,-46,28 ranks=2,3,4,1 wins=1,1,0,1 "
                                  "deal_ins=0,1,1,0 self_drawn=0,0,0,1 drawn=1 hands=4", 2, FALSE));
  add (records, mcr_game (game_b, "result scores=-36,116,-36,-44 ranks=2,1,2,4 wins=0,2,0,0 "
                                  "deal_ins=0,0,0,1 self_drawn=0,1,0,0 drawn=0 hands=2", 2, FALSE));
  /* Another strength, and one with help: neither in the figures below. */
  add (records, mcr_game (game_c, "result scores=-8,-17,33,-8 ranks=2,4,1,2 wins=0,0,1,0 "
                                  "deal_ins=0,1,0,0 self_drawn=0,0,0,0 drawn=0 hands=1", 3, FALSE));
  add (records, mcr_game (game_c, "result scores=-8,-17,33,-8 ranks=2,4,1,2 wins=0,0,1,0 "
                                  "deal_ins=0,1,0,0 self_drawn=0,0,0,0 drawn=0 hands=1", 2, TRUE));

  /* You (seat 1) at strength 2 without help: games a and b. */
  g_assert_true (parlor_records_get_figures (records, "mcr", 2, FALSE, PARLOR_RECORDS_YOU,
                                             &f, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (f.played, ==, 2);
  g_assert_cmpuint (f.won, ==, 1);
  g_assert_cmpuint (f.drawn, ==, 0);
  g_assert_cmpuint (f.lost, ==, 1);
  g_assert_cmpint (f.best_score, ==, 116);
  g_assert_cmpfloat_with_epsilon (f.mean_score, (-2 + 116) / 2.0, 1e-9);
  g_assert_cmpint (f.best_rank, ==, 1);
  g_assert_cmpfloat_with_epsilon (f.mean_rank, (3 + 1) / 2.0, 1e-9);
  g_assert_cmpuint (f.hands, ==, 6);
  g_assert_cmpuint (f.wins, ==, 3);           /* a1, b1, b2 */
  g_assert_cmpuint (f.self_drawn, ==, 1);     /* b1 */
  g_assert_cmpuint (f.deal_ins, ==, 1);       /* a4 */
  g_assert_cmpuint (f.claimed, ==, 1);        /* a1 (two claims, one hand) */
  g_assert_cmpfloat_with_epsilon (f.mean_points, (10 + 20 + 8) / 3.0, 1e-9);

  /* The computer players: seats 0, 2, 3 of games a and b. */
  g_assert_true (parlor_records_get_figures (records, "mcr", 2, FALSE, PARLOR_RECORDS_COMPUTERS,
                                             &f, &error));
  g_assert_cmpuint (f.played, ==, 6);
  g_assert_cmpuint (f.won, ==, 1);            /* seat 3 of a */
  g_assert_cmpuint (f.drawn, ==, 0);
  g_assert_cmpuint (f.lost, ==, 5);
  g_assert_cmpint (f.best_score, ==, 28);
  g_assert_cmpfloat_with_epsilon (f.mean_score, (20 - 46 + 28 - 36 - 36 - 44) / 6.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (f.mean_rank, (2 + 4 + 1 + 2 + 2 + 4) / 6.0, 1e-9);
  g_assert_cmpuint (f.hands, ==, 18);
  g_assert_cmpuint (f.wins, ==, 2);           /* a2 seat 3, a4 seat 0 */
  g_assert_cmpuint (f.self_drawn, ==, 1);
  g_assert_cmpuint (f.deal_ins, ==, 2);       /* a1 seat 2, b2 seat 3 */
  g_assert_cmpuint (f.claimed, ==, 1);        /* a2 seat 3 */
  g_assert_cmpfloat_with_epsilon (f.mean_points, (8 + 12) / 2.0, 1e-9);

  /* Any strength, with help: game d only. */
  g_assert_true (parlor_records_get_figures (records, "mcr", PARLOR_RECORDS_ANY_STRENGTH, TRUE,
                                             PARLOR_RECORDS_YOU, &f, &error));
  g_assert_cmpuint (f.played, ==, 1);
  g_assert_cmpuint (f.lost, ==, 1);
  g_assert_cmpuint (f.deal_ins, ==, 1);
  g_assert_cmpint (f.best_rank, ==, 4);

  fans = parlor_records_get_fans (records, "mcr", 2, FALSE, PARLOR_RECORDS_YOU, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fans->len, ==, 3);
  /* Ties by name. */
  fan = g_ptr_array_index (fans, 0);
  g_assert_cmpstr (fan->name, ==, "Seat Wind");
  g_assert_cmpuint (fan->count, ==, 2);
  fan = g_ptr_array_index (fans, 1);
  g_assert_cmpstr (fan->name, ==, "All Types");
  g_assert_cmpuint (fan->count, ==, 1);
  fan = g_ptr_array_index (fans, 2);
  g_assert_cmpstr (fan->name, ==, "Pure Straight");
  g_assert_cmpuint (fan->count, ==, 1);

  strengths = parlor_records_list_strengths (records, "mcr", &error);
  g_assert_cmpuint (strengths->len, ==, 2);
  g_assert_cmpint (g_array_index (strengths, int, 0), ==, 2);
  g_assert_cmpint (g_array_index (strengths, int, 1), ==, 3);

  /* Reset forgets this game's records, not another's. */
  add (records, simple_game ("triad", 0, 5, 5));
  g_assert_true (parlor_records_reset (records, "mcr", &error));
  g_assert_no_error (error);
  g_assert_true (parlor_records_get_figures (records, "mcr", PARLOR_RECORDS_ANY_STRENGTH, FALSE,
                                             PARLOR_RECORDS_YOU, &f, &error));
  g_assert_cmpuint (f.played, ==, 0);
  g_assert_true (parlor_records_get_figures (records, "triad", PARLOR_RECORDS_ANY_STRENGTH, FALSE,
                                             PARLOR_RECORDS_YOU, &f, &error));
  g_assert_cmpuint (f.played, ==, 1);
  g_assert_cmpuint (f.drawn, ==, 1);
  g_clear_object (&records);
  g_assert_cmpint (sql_int (fx->path, "SELECT COUNT(*) FROM wins"), ==, 0);
  g_assert_cmpint (sql_int (fx->path, "SELECT COUNT(*) FROM win_fans"), ==, 0);
}

/* Each game's own lines, as its engine writes them. */
static void
test_parse (void)
{
  g_autoptr(ParlorGameRecord) j = parlor_game_record_new ("jihai", 2, 1);
  g_autoptr(ParlorGameRecord) s = parlor_game_record_new ("suzume", 3, 0);
  g_autoptr(ParlorGameRecord) m = parlor_game_record_new ("manhattan", 4, 2);
  g_autoptr(GError) error = NULL;
  ParlorRecordWin *win;
  ParlorRecordFan *fan;

  parlor_game_record_add_event (j, "hand number=1 starter=0 score0=0 score1=0");
  parlor_game_record_add_event (j, "call seat=1 type=pung tile=E");
  parlor_game_record_add_event (j, "call seat=1 type=ckong tile=S");
  parlor_game_record_add_event (j, "win seat=1 way=ron tile=W shape=A lines=all_pungs:4,dragon:2 "
                                   "points=6 melds=EEE tiles=WW from=0");
  parlor_game_record_add_event (j, "hand-over result=win winner=1 points=6 score0=-6 score1=6");
  parlor_game_record_add_event (j, "hand number=2 starter=1 score0=-6 score1=6");
  parlor_game_record_add_event (j, "call seat=0 type=ckong tile=S");
  parlor_game_record_add_event (j, "hand-over result=draw score0=-6 score1=6");
  g_assert_true (parlor_game_record_set_result (j, "result winner=1 score0=-6 score1=6 hands=2",
                                                &error));
  g_assert_cmpuint (j->n_hands, ==, 2);
  g_assert_cmpuint (j->wins->len, ==, 1);
  win = g_ptr_array_index (j->wins, 0);
  g_assert_cmpuint (win->seat, ==, 1);
  g_assert_false (win->self_drawn);
  g_assert_cmpint (win->dealt_in, ==, 0);
  g_assert_cmpint (win->points, ==, 6);
  g_assert_cmpuint (win->fans->len, ==, 2);
  fan = g_ptr_array_index (win->fans, 1);
  g_assert_cmpstr (fan->name, ==, "dragon");
  g_assert_cmpuint (fan->count, ==, 1);
  g_assert_cmpuint (j->seats[1].claims, ==, 1);      /* a concealed kong claims nothing */
  g_assert_cmpuint (j->seats[0].claims, ==, 0);
  g_assert_cmpint (j->seats[1].outcome, ==, PARLOR_OUTCOME_WON);
  g_assert_cmpint (j->seats[1].kind, ==, PARLOR_RECORD_SEAT_YOU);
  g_assert_cmpint (j->seats[0].outcome, ==, PARLOR_OUTCOME_LOST);
  g_assert_cmpint (j->seats[0].score, ==, -6);

  parlor_game_record_add_event (s, "hand number=1 of=3 dealer=0");
  parlor_game_record_add_event (s, "ron seat=2 from=1 tile=5s hand=x total=7 yaku=run:2,dora:1 bonus=0");
  parlor_game_record_add_event (s, "ron seat=0 from=1 tile=5s hand=x total=5 yaku=- bonus=2");
  parlor_game_record_add_event (s, "hand number=2 of=3 dealer=1");
  parlor_game_record_add_event (s, "tsumo seat=0 tile=5s hand=x total=9 yaku=all-green:1 bonus=2");
  g_assert_true (parlor_game_record_set_result (s, "result scores=30,10,30 ranks=1,3,1 winners=0,2",
                                                &error));
  g_assert_cmpuint (s->wins->len, ==, 3);
  win = g_ptr_array_index (s->wins, 0);
  g_assert_cmpuint (win->fans->len, ==, 2);
  fan = g_ptr_array_index (win->fans, 0);
  g_assert_cmpstr (fan->name, ==, "run");
  g_assert_cmpuint (fan->count, ==, 2);
  win = g_ptr_array_index (s->wins, 2);
  g_assert_true (win->self_drawn);
  g_assert_cmpuint (win->hand, ==, 2);
  g_assert_cmpint (s->seats[0].outcome, ==, PARLOR_OUTCOME_DRAWN);
  g_assert_cmpint (s->seats[1].outcome, ==, PARLOR_OUTCOME_LOST);
  g_assert_cmpint (s->seats[1].rank, ==, 3);

  /* Not a mahjong game: no hands, whatever its lines say. */
  parlor_game_record_add_event (m, "hand number=1");
  g_assert_true (parlor_game_record_set_result (m, "result scores=10,20,30,5 ranks=3,2,1,4 "
                                                   "winners=2 tiebreak=none", &error));
  g_assert_cmpuint (m->n_hands, ==, 0);
  g_assert_cmpint (m->seats[2].outcome, ==, PARLOR_OUTCOME_WON);
  g_assert_cmpint (m->seats[2].score, ==, 30);

  g_assert_false (parlor_game_record_set_result (m, "hand number=2", &error));
  g_assert_nonnull (error);
}

static guint
count_files_like (const char *dir,
                  const char *prefix)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint found = 0;

  while ((name = g_dir_read_name (d)) != NULL)
    found += g_str_has_prefix (name, prefix);
  return found;
}

/* A folder where the file should be: the app cannot open it, but it is
 * not a damaged database, so it stays where it is. */
static void
test_folder_left_alone (Fixture       *fx,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorRecords) records = NULL;
  g_autofree char *inside = g_build_filename (fx->path, "keep", NULL);

  g_assert_cmpint (g_mkdir (fx->path, 0700), ==, 0);
  g_assert_true (g_file_set_contents (inside, "mine", -1, NULL));
  records = parlor_records_open (fx->path, &error);
  g_assert_null (records);
  g_assert_error (error, PARLOR_RECORDS_ERROR, PARLOR_RECORDS_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "left as they are"));
  g_clear_error (&error);
  g_assert_true (g_file_test (inside, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (count_files_like (fx->dir, "records.sqlite.corrupt-"), ==, 0);

  /* Once it can be opened, records go on. */
  g_assert_cmpint (g_unlink (inside), ==, 0);
  g_assert_cmpint (g_rmdir (fx->path), ==, 0);
  records = parlor_records_open (fx->path, &error);
  g_assert_no_error (error);
  g_assert_null (parlor_records_get_notice (records));
  check_fresh_works (records);
}

/* Records owned by root (after one "sudo parlor"), opened by a player who
 * may not read them: a child drops root's rights and opens them. */
static void
test_not_allowed_left_alone (Fixture       *fx,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorRecords) records = NULL;
  g_autoptr(GPtrArray) list = NULL;
  pid_t pid;
  int status;

  if (geteuid () != 0)
    {
      g_test_skip ("needs root, to drop its rights");
      return;
    }
  records = parlor_records_open (fx->path, &error);
  g_assert_no_error (error);
  add (records, simple_game ("triad", 1, 6, 4));
  g_clear_object (&records);
  /* The folder is the player's (they may rename in it); the file root's. */
  g_assert_cmpint (g_chmod (fx->dir, 0777), ==, 0);
  g_assert_cmpint (g_chmod (fx->path, 0600), ==, 0);

  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      g_autoptr(GError) child_error = NULL;
      ParlorRecords *child;

      if (setgid (65534) != 0 || setuid (65534) != 0)
        _exit (3);
      child = parlor_records_open (fx->path, &child_error);
      if (child != NULL)
        _exit (1);
      if (!g_error_matches (child_error, PARLOR_RECORDS_ERROR, PARLOR_RECORDS_ERROR_FAILED) ||
          strstr (child_error->message, "left as they are") == NULL)
        _exit (2);
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);

  g_assert_cmpuint (count_files_like (fx->dir, "records.sqlite.corrupt-"), ==, 0);
  records = parlor_records_open (fx->path, &error);
  g_assert_no_error (error);
  list = parlor_records_list (records, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 1);
}

/* Another program holds the records: writing says so (busy) after a
 * bounded wait, and nothing is set aside. */
static void
test_locked (Fixture       *fx,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorRecords) records = parlor_records_open (fx->path, &error);
  g_autoptr(GPtrArray) list = NULL;
  ParlorGameRecord *r;
  sqlite3 *other = NULL;
  gint64 start;

  g_assert_no_error (error);
  g_clear_object (&records);
  g_assert_cmpint (sqlite3_open (fx->path, &other), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (other, "BEGIN EXCLUSIVE; INSERT INTO games (game, date, seat, "
                                        "n_seats, strength) VALUES ('x', 0, 0, 1, 0)",
                                 NULL, NULL, NULL), ==, SQLITE_OK);

  start = g_get_monotonic_time ();
  records = parlor_records_open (fx->path, &error);
  g_assert_no_error (error);
  g_assert_null (parlor_records_get_notice (records));
  r = simple_game ("triad", 1, 6, 4);
  g_assert_false (parlor_records_add (records, r, NULL, &error));
  g_assert_error (error, PARLOR_RECORDS_ERROR, PARLOR_RECORDS_ERROR_BUSY);
  g_clear_error (&error);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 20 * G_USEC_PER_SEC);
  /* Reading still works. */
  list = parlor_records_list (records, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 0);

  sqlite3_exec (other, "ROLLBACK", NULL, NULL, NULL);
  sqlite3_close (other);
  g_assert_true (parlor_records_add (records, r, NULL, &error));
  g_assert_no_error (error);
  parlor_game_record_free (r);
  g_assert_cmpuint (count_files_like (fx->dir, "records.sqlite.corrupt-"), ==, 0);
}

/* A game written twice under one key is there once. */
static void
test_key_once (Fixture       *fx,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorRecords) records = parlor_records_open (fx->path, &error);
  g_autoptr(ParlorGameRecord) r = simple_game ("triad", 1, 6, 4);
  g_autoptr(ParlorGameRecord) other = simple_game ("triad", 1, 6, 4);
  g_autoptr(GPtrArray) list = NULL;
  gint64 a = 0, b = 0, c = 0;

  r->key = g_strdup ("k1");
  other->key = g_strdup ("k2");
  g_assert_true (parlor_records_add (records, r, &a, &error));
  g_assert_true (parlor_records_add (records, r, &b, &error));
  g_assert_true (parlor_records_add (records, other, &c, &error));
  g_assert_no_error (error);
  g_assert_cmpint (a, ==, b);
  g_assert_cmpint (a, !=, c);
  list = parlor_records_list (records, NULL, 0, &error);
  g_assert_cmpuint (list->len, ==, 2);
}

static void
test_keep_replay (Fixture       *fx,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *a = parlor_records_keep_replay (fx->dir, "triad", "replay version=1\n", &error);
  g_autofree char *b = parlor_records_keep_replay (fx->dir, "triad", "replay version=1\nx\n", &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (a, !=, b);
  g_assert_true (g_str_has_prefix (a, fx->dir));
  g_assert_true (g_file_get_contents (b, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "replay version=1\nx\n");
}

static void
tidy_and_commit (Fixture *fx)
{
  g_autofree char *pending = g_build_filename (fx->dir, "pending", NULL);
  g_autofree char *saved = g_build_filename (fx->dir, "saved", NULL);

  parlor_pending_tidy (pending, saved);
  parlor_pending_commit_all (pending, fx->path, fx->dir, NULL);
}

static gboolean
thread_done (gpointer data)
{
  return g_atomic_int_get ((int *) data) != 0;
}

typedef struct
{
  Fixture *fx;
  int      done;
} PipeRun;

static gpointer
run_tidy (gpointer data)
{
  PipeRun *run = data;

  tidy_and_commit (run->fx);
  g_atomic_int_set (&run->done, 1);
  return NULL;
}

/* A named pipe where a pending game or a saved game should be is never
 * waited on: the start-up tidy and the commit go on past it. */
static void
test_pending_pipes (Fixture       *fx,
                    gconstpointer  data)
{
  g_autofree char *pending = g_build_filename (fx->dir, "pending", NULL);
  g_autofree char *saved = g_build_filename (fx->dir, "saved", NULL);
  g_autofree char *pipe_pending = g_build_filename (pending, "000000000001-triad-0123.pending", NULL);
  g_autofree char *pipe_saved = g_build_filename (saved, "triad.replay", NULL);
  PipeRun run = { fx, 0 };
  GThread *thread;
  gint64 end;

  g_assert_cmpint (g_mkdir_with_parents (pending, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (saved, 0700), ==, 0);
  g_assert_cmpint (mkfifo (pipe_pending, 0600), ==, 0);
  g_assert_cmpint (mkfifo (pipe_saved, 0600), ==, 0);

  thread = g_thread_new ("tidy", run_tidy, &run);
  end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (!thread_done (&run.done) && g_get_monotonic_time () < end)
    g_usleep (10000);
  if (!thread_done (&run.done))
    g_error ("The pending games' tidy waited on a named pipe");
  g_thread_join (thread);

  g_unlink (pipe_pending);
  g_unlink (pipe_saved);
  g_rmdir (pending);
  g_rmdir (saved);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/records/open/fresh", test_fresh);
  ADD ("/records/open/migrate-from-1", test_migrate_from_1);
  ADD ("/records/open/not-a-database", test_not_a_database);
  ADD ("/records/open/damaged-pages", test_damaged_pages);
  ADD ("/records/open/newer-untouched", test_newer);
  ADD ("/records/open/folder-left-alone", test_folder_left_alone);
  ADD ("/records/open/not-allowed-left-alone", test_not_allowed_left_alone);
  ADD ("/records/write/locked", test_locked);
  ADD ("/records/write/key-once", test_key_once);
  ADD ("/records/figures/mcr", test_figures);
  ADD ("/records/keep-replay", test_keep_replay);
  ADD ("/records/pending/pipes-never-wait", test_pending_pipes);
#undef ADD
  g_test_add_func ("/records/parse", test_parse);

  return g_test_run ();
}
