/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Records survive a kill during a write: a child process writes games in a
 * loop and prints each game's id once its transaction is committed; it is
 * killed (SIGKILL) at some point, and the database must then open and hold
 * every game the child reported.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <glib-unix.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "parlor-pending.h"
#include "parlor-records.h"

/* A mahjong game with a few hands, so each transaction writes several tables. */
static ParlorGameRecord *
make_game (guint n)
{
  ParlorGameRecord *r = parlor_game_record_new ("mcr", 4, (int) (n % 4));
  g_autofree char *result = NULL;

  r->strength = (int) (n % 4);
  for (guint h = 1; h <= 8; h++)
    {
      g_autofree char *hand = g_strdup_printf ("hand number=%u of=8 dealer=0 prevalent=E", h);
      g_autofree char *hu = g_strdup_printf ("hu seat=%u tile=4p from=%u hand=x fan=%u "
                                             "fans=Seat%%20Wind%%20x1;All%%20Types%%20x1 "
                                             "pay=0,0,0,0 scores=0,0,0,0",
                                             h % 4, (h + 1) % 4, 8 + h);

      parlor_game_record_add_event (r, hand);
      parlor_game_record_add_event (r, "pung seat=2 tile=5z from=1");
      parlor_game_record_add_event (r, hu);
    }
  result = g_strdup_printf ("result scores=%u,1,2,3 ranks=1,4,3,2 wins=2,2,2,2 "
                           "deal_ins=2,2,2,2 self_drawn=0,0,0,0 drawn=0 hands=8", n + 10);
  g_assert_true (parlor_game_record_set_result (r, result, NULL));
  return r;
}

static int
child_main (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorRecords) records = parlor_records_open (path, &error);

  if (records == NULL)
    {
      g_printerr ("open: %s\n", error->message);
      return 1;
    }
  for (guint n = 0;; n++)
    {
      g_autoptr(ParlorGameRecord) r = make_game (n);
      gint64 id;

      if (!parlor_records_add (records, r, &id, &error))
        {
          g_printerr ("add: %s\n", error->message);
          return 1;
        }
      printf ("%" G_GINT64_FORMAT "\n", id);
      fflush (stdout);
    }
}

/* Reads whole lines from @fd into @ids until @want of them or EOF (@want 0)
 * or @timeout_s seconds. */
static void
read_ids (int         fd,
          GString    *pending,
          GArray     *ids,
          guint       want,
          int         timeout_s)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_s * G_USEC_PER_SEC;

  while (want == 0 || ids->len < want)
    {
      struct pollfd p = { .fd = fd, .events = POLLIN };
      gint64 left = (end - g_get_monotonic_time ()) / 1000;
      char buf[4096];
      ssize_t n;
      char *nl;

      if (left <= 0)
        g_error ("the writer committed %u games in %d s, %u wanted", ids->len, timeout_s, want);
      if (poll (&p, 1, (int) MIN (left, 1000)) <= 0)
        continue;
      n = read (fd, buf, sizeof buf);
      if (n <= 0)
        return;
      g_string_append_len (pending, buf, n);
      while ((nl = strchr (pending->str, '\n')) != NULL)
        {
          gint64 id;

          *nl = '\0';
          id = g_ascii_strtoll (pending->str, NULL, 10);
          g_assert_cmpint (id, >, 0);
          g_array_append_val (ids, id);
          g_string_erase (pending, 0, nl - pending->str + 1);
        }
    }
}

static void
test_kill (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("parlor-records-kill-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "records.sqlite", NULL);
  g_autofree char *self_exe = g_file_read_link ("/proc/self/exe", NULL);
  /* Several kills, after more and more games: each lands somewhere else. */
  static const guint kill_after[] = { 3, 17, 40 };
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (gint64));

  g_assert_nonnull (self_exe);
  for (guint round = 0; round < G_N_ELEMENTS (kill_after); round++)
    {
      const char *argv[] = { self_exe, "--child", path, NULL };
      g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
      g_autoptr(GString) pending = g_string_new (NULL);
      g_autoptr(ParlorRecords) records = NULL;
      g_autoptr(GPtrArray) list = NULL;
      g_autoptr(GHashTable) present = g_hash_table_new (g_int64_hash, g_int64_equal);
      GPid pid;
      int out_fd, status;

      g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL,
                                               G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid,
                                               NULL, &out_fd, NULL, &error));
      g_assert_no_error (error);
      /* Generous: the machine may be busy. */
      read_ids (out_fd, pending, ids, kill_after[round], 240);
      g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_assert_true (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);
      g_spawn_close_pid (pid);
      /* Whatever it printed before dying was committed too. */
      read_ids (out_fd, pending, ids, 0, 60);
      close (out_fd);
      g_array_append_vals (all, ids->data, ids->len);
      g_test_message ("round %u: %u games committed before the kill", round, ids->len);

      records = parlor_records_open (path, &error);
      g_assert_no_error (error);
      g_assert_null (parlor_records_get_notice (records));
      list = parlor_records_list (records, NULL, 0, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < list->len; i++)
        {
          ParlorRecordEntry *e = g_ptr_array_index (list, i);

          g_hash_table_add (present, &e->id);
          g_assert_cmpstr (e->game_id, ==, "mcr");
        }
      for (guint i = 0; i < all->len; i++)
        if (!g_hash_table_contains (present, &g_array_index (all, gint64, i)))
          g_error ("game %" G_GINT64_FORMAT " was committed but is gone",
                   g_array_index (all, gint64, i));
      /* Each game whole: its seats and its wins, or nothing. */
      {
        ParlorRecordFigures f;

        g_assert_true (parlor_records_get_figures (records, "mcr", PARLOR_RECORDS_ANY_STRENGTH,
                                                   FALSE, PARLOR_RECORDS_YOU, &f, &error));
        g_assert_cmpuint (f.played, ==, list->len);
        g_assert_cmpuint (f.hands, ==, 8 * list->len);
        g_assert_cmpuint (f.wins, ==, 2 * list->len);
      }
    }

  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *p = g_build_filename (dir, name, NULL);

        g_unlink (p);
      }
    g_rmdir (dir);
  }
}

/*
 * Finishing a game as the app does: the finished game is kept as a
 * pending file, the saved game removed, then the record and the replay
 * written. A child does it and is killed at points along the way; the
 * next start (tidy, commit what is pending) must leave the game either
 * still saved and not recorded, or recorded exactly once and not saved,
 * and no temporary file behind.
 */
#define SAVED_TEXT "parlor-replay version=1\ngame id=triad seed=42\nmove seat=0 play card=1\n"
#define REPLAY_TEXT SAVED_TEXT "result score0=6 score1=4 winner=0\n"

static char *
sub (const char *dir,
     const char *name)
{
  return g_build_filename (dir, name, NULL);
}

static ParlorGameRecord *
triad_game (void)
{
  ParlorGameRecord *r = parlor_game_record_new ("triad", 2, 0);

  r->strength = 1;
  g_assert_true (parlor_game_record_set_result (r, "result score0=6 score1=4 winner=0", NULL));
  return r;
}

static int
finish_main (const char *dir)
{
  g_autoptr(ParlorGameRecord) r = triad_game ();
  g_autoptr(GError) error = NULL;
  g_autofree char *pending_dir = sub (dir, "pending");
  g_autofree char *saved = sub (dir, "saved/triad.replay");
  g_autofree char *records = sub (dir, "records.sqlite");
  g_autofree char *replays = sub (dir, "replays");
  g_autofree char *path = NULL;

  printf ("1\n");
  fflush (stdout);
  path = parlor_pending_save (pending_dir, r, REPLAY_TEXT, &error);
  if (path == NULL)
    return 1;
  printf ("2\n");
  fflush (stdout);
  g_unlink (saved);
  printf ("3\n");
  fflush (stdout);
  if (!parlor_pending_commit (path, records, replays, NULL, NULL, NULL, &error))
    return 1;
  printf ("4\n");
  fflush (stdout);
  return 0;
}

static guint
count_records (const char *dir)
{
  g_autofree char *path = sub (dir, "records.sqlite");
  g_autoptr(ParlorRecords) records = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return 0;
  records = parlor_records_open (path, &error);
  g_assert_no_error (error);
  list = parlor_records_list (records, NULL, 0, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < list->len; i++)
    {
      ParlorRecordEntry *e = g_ptr_array_index (list, i);
      g_autofree char *text = NULL;

      g_assert_cmpint (e->strength, ==, 1);
      g_assert_nonnull (e->replay);
      g_assert_true (g_file_get_contents (e->replay, &text, NULL, NULL));
      g_assert_cmpstr (text, ==, REPLAY_TEXT);
    }
  return list->len;
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) d = g_dir_open (path, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = sub (path, name);

      if (g_file_test (p, G_FILE_TEST_IS_DIR))
        remove_tree (p);
      else
        g_unlink (p);
    }
  g_rmdir (path);
}

/* Whether a folder holds a file named like a temporary one. */
static gboolean
has_temporary (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *head = NULL;
      size_t len = strlen (name);

      if (len < 8 || name[len - 7] != '.')
        continue;
      head = g_strndup (name, len - 7);
      if (g_str_has_suffix (head, ".replay") || g_str_has_suffix (head, ".pending"))
        return TRUE;
    }
  return FALSE;
}

/* The next start, then what must hold. */
static void
next_start (const char *dir,
            gboolean    must_be_recorded)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *pending_dir = sub (dir, "pending");
  g_autofree char *saved_dir = sub (dir, "saved");
  g_autofree char *saved = sub (dir, "saved/triad.replay");
  g_autofree char *records = sub (dir, "records.sqlite");
  g_autofree char *replays = sub (dir, "replays");
  g_autoptr(GPtrArray) left = NULL;
  guint n;

  parlor_pending_tidy (pending_dir, saved_dir);
  g_assert_cmpuint (parlor_pending_commit_all (pending_dir, records, replays, &error), ==, 0);
  g_assert_no_error (error);
  left = parlor_pending_list (pending_dir);
  g_assert_cmpuint (left->len, ==, 0);
  n = count_records (dir);
  if (g_file_test (saved, G_FILE_TEST_EXISTS))
    {
      g_assert_false (must_be_recorded);
      g_assert_cmpuint (n, ==, 0);
    }
  else
    g_assert_cmpuint (n, ==, 1);
  g_assert_false (has_temporary (pending_dir));
  g_assert_false (has_temporary (saved_dir));
}

static void
make_saved_game (const char *dir)
{
  g_autofree char *saved_dir = sub (dir, "saved");
  g_autofree char *saved = sub (dir, "saved/triad.replay");

  g_assert_cmpint (g_mkdir_with_parents (saved_dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (saved, SAVED_TEXT, -1, NULL));
}

static void
test_kill_while_finishing (void)
{
  g_autofree char *self_exe = g_file_read_link ("/proc/self/exe", NULL);
  /* Killed once each marker is read, after a few delays (µs). */
  static const guint delays[] = { 0, 300, 1000, 3000, 10000 };
  guint recorded = 0, saved = 0;

  g_assert_nonnull (self_exe);
  for (guint mark = 0; mark <= 3; mark++)
    for (guint d = 0; d < G_N_ELEMENTS (delays); d++)
      {
        g_autoptr(GError) error = NULL;
        g_autofree char *dir = g_dir_make_tmp ("parlor-finish-kill-XXXXXX", &error);
        g_autofree char *saved_path = sub (dir, "saved/triad.replay");
        const char *argv[] = { self_exe, "--finish", dir, NULL };
        g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
        g_autoptr(GString) pending = g_string_new (NULL);
        GPid pid;
        int out_fd, status;

        g_assert_no_error (error);
        make_saved_game (dir);
        g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL,
                                                 G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid,
                                                 NULL, &out_fd, NULL, &error));
        g_assert_no_error (error);
        read_ids (out_fd, pending, ids, mark + 1, 120);
        if (delays[d] > 0)
          g_usleep (delays[d]);
        kill (pid, SIGKILL);
        g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
        g_spawn_close_pid (pid);
        close (out_fd);

        next_start (dir, mark >= 1);
        if (g_file_test (saved_path, G_FILE_TEST_EXISTS))
          saved++;
        else
          recorded++;
        /* Started again: nothing changes. */
        next_start (dir, mark >= 1);
        remove_tree (dir);
      }
  g_test_message ("%u kills left the game saved, %u recorded", saved, recorded);
  g_assert_cmpuint (recorded, >, 0);
}

/* Killed after the records were written but before the pending file was
 * removed; and writes cut short left temporary files. */
static void
test_commit_cut_short (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("parlor-finish-cut-XXXXXX", &error);
  g_autofree char *pending_dir = sub (dir, "pending");
  g_autofree char *records = sub (dir, "records.sqlite");
  g_autofree char *replays = sub (dir, "replays");
  g_autofree char *damaged = sub (dir, "saved/triad.replay.damaged");
  g_autofree char *temp_saved = sub (dir, "saved/triad.replay.Ab12Cd");
  g_autofree char *temp_pending = sub (dir, "pending/x.pending.Zz9Yy8");
  g_autoptr(ParlorGameRecord) r = triad_game ();
  g_autofree char *path = NULL;
  g_autofree char *copy = NULL;
  gsize length;

  g_assert_no_error (error);
  make_saved_game (dir);
  path = parlor_pending_save (pending_dir, r, REPLAY_TEXT, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &copy, &length, NULL));
  g_assert_true (parlor_pending_commit (path, records, replays, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  /* As a kill before the removal leaves it. */
  g_assert_true (g_file_set_contents (path, copy, length, NULL));
  g_assert_true (g_file_set_contents (temp_saved, "half", -1, NULL));
  g_assert_true (g_file_set_contents (temp_pending, "half", -1, NULL));
  g_assert_true (g_file_set_contents (damaged, "kept", -1, NULL));

  next_start (dir, TRUE);
  g_assert_false (g_file_test (temp_saved, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (temp_pending, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (damaged, G_FILE_TEST_EXISTS));
  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  if (argc == 3 && g_str_equal (argv[1], "--child"))
    return child_main (argv[2]);
  if (argc == 3 && g_str_equal (argv[1], "--finish"))
    return finish_main (argv[2]);

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/records/kill-during-write", test_kill);
  g_test_add_func ("/records/kill-while-finishing", test_kill_while_finishing);
  g_test_add_func ("/records/commit-cut-short", test_commit_cut_short);
  return g_test_run ();
}
