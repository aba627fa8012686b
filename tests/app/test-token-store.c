/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "parlor-token-store.h"

typedef struct
{
  char *dir;
  char *path;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->dir = g_dir_make_tmp ("parlor-tokens-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->path = g_build_filename (f->dir, "sub", "tokens.ini", NULL);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *sub = g_path_get_dirname (f->path);

  g_remove (f->path);
  g_rmdir (sub);
  g_rmdir (f->dir);
  g_free (f->path);
  g_free (f->dir);
}

static void
write_file (Fixture    *f,
            const char *text)
{
  g_autofree char *sub = g_path_get_dirname (f->path);

  g_assert_cmpint (g_mkdir_with_parents (sub, 0700), ==, 0);
  g_assert_true (g_file_set_contents (f->path, text, -1, NULL));
}

static void
test_remember_lookup_forget (Fixture       *f,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorTokenEntry) entry = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  GStatBuf st;

  g_assert_null (parlor_token_store_lookup (f->path, "192.168.1.20:7412"));
  g_assert_true (parlor_token_store_remember (f->path, " 192.168.1.20:7412 ", "1", "triad", "00ff",
                                              "Ann", &error));
  g_assert_no_error (error);
  /* Secrets: for the user only. */
  g_assert_cmpint (g_stat (f->path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);

  entry = parlor_token_store_lookup (f->path, "192.168.1.20:7412");
  g_assert_nonnull (entry);
  g_assert_cmpstr (entry->address, ==, "192.168.1.20:7412");
  g_assert_cmpstr (entry->table_id, ==, "1");
  g_assert_cmpstr (entry->game_id, ==, "triad");
  g_assert_cmpstr (entry->token, ==, "00ff");
  g_assert_cmpstr (entry->name, ==, "Ann");
  g_assert_cmpint (entry->time, >=, now - 5);
  g_assert_cmpint (entry->time, <=, now + 5);
  g_clear_pointer (&entry, parlor_token_entry_free);
  g_assert_null (parlor_token_store_lookup (f->path, "192.168.1.21:7412"));

  /* An IPv6 address (brackets cannot be in a group name); a second table. */
  g_assert_true (parlor_token_store_remember (f->path, "[::1]:7412", "2", "manhattan", "abcd",
                                              "Bo", &error));
  g_assert_true (parlor_token_store_remember (f->path, "192.168.1.20:7412", "3", "triad", "1234",
                                              "Ann", &error));
  entry = parlor_token_store_lookup (f->path, "[::1]:7412");
  g_assert_nonnull (entry);
  g_assert_cmpstr (entry->token, ==, "abcd");
  g_clear_pointer (&entry, parlor_token_entry_free);

  /* Forget by token; the other table of that host stays. */
  parlor_token_store_forget (f->path, NULL, NULL, "1234");
  entry = parlor_token_store_lookup (f->path, "192.168.1.20:7412");
  g_assert_nonnull (entry);
  g_assert_cmpstr (entry->token, ==, "00ff");
  g_clear_pointer (&entry, parlor_token_entry_free);
  parlor_token_store_forget (f->path, "192.168.1.20:7412", "1", NULL);
  g_assert_null (parlor_token_store_lookup (f->path, "192.168.1.20:7412"));
  g_assert_nonnull ((entry = parlor_token_store_lookup (f->path, "[::1]:7412")));

  /* Not a token: refused, nothing written. */
  g_assert_false (parlor_token_store_remember (f->path, "h", "1", "triad", "not hex", "Ann", NULL));
}

static void
test_old_and_bad (Fixture       *f,
                  gconstpointer  data)
{
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autofree char *text = g_strdup_printf (
    "[a]\naddress=old:1\ntable=1\ngame=triad\ntoken=aa\nname=A\ntime=%" G_GINT64_FORMAT "\n"
    "[b]\naddress=fresh:1\ntable=1\ngame=triad\ntoken=bb\nname=B\ntime=%" G_GINT64_FORMAT "\n"
    "[c]\naddress=notime:1\ntable=1\ngame=triad\ntoken=cc\nname=C\ntime=soon\n"
    "[d]\naddress=badtoken:1\ntable=1\ngame=triad\ntoken=zz%%20\nname=D\ntime=%" G_GINT64_FORMAT "\n"
    "[e]\naddress=future:1\ntable=1\ngame=triad\ntoken=ee\nname=E\ntime=%" G_GINT64_FORMAT "\n"
    "[f]\naddress=noname:1\ntable=1\ngame=triad\ntoken=ff\ntime=%" G_GINT64_FORMAT "\n",
    now - 25 * 3600, now - 3600, now, now + 3600, now);
  g_autoptr(ParlorTokenEntry) entry = NULL;
  g_autofree char *after = NULL;

  write_file (f, text);
  /* A day old: gone; the rest make no sense. */
  g_assert_null (parlor_token_store_lookup (f->path, "old:1"));
  g_assert_null (parlor_token_store_lookup (f->path, "notime:1"));
  g_assert_null (parlor_token_store_lookup (f->path, "badtoken:1"));
  g_assert_null (parlor_token_store_lookup (f->path, "future:1"));
  g_assert_null (parlor_token_store_lookup (f->path, "noname:1"));
  entry = parlor_token_store_lookup (f->path, "fresh:1");
  g_assert_nonnull (entry);
  g_assert_cmpstr (entry->token, ==, "bb");

  /* The next write keeps only what is good. */
  g_assert_true (parlor_token_store_remember (f->path, "new:1", "1", "triad", "cafe", "N", NULL));
  g_assert_true (g_file_get_contents (f->path, &after, NULL, NULL));
  g_assert_null (strstr (after, "old:1"));
  g_assert_null (strstr (after, "notime:1"));
  g_assert_nonnull (strstr (after, "fresh:1"));
  g_assert_nonnull (strstr (after, "new:1"));
}

static void
test_garbage (Fixture       *f,
              gconstpointer  data)
{
  static const char *garbage[] = {
    "",
    "no group at all\n",
    "[unclosed\naddress=x\n",
    "[g]\naddress=\xff\xfe:1\ntable=1\ngame=triad\ntoken=aa\nname=A\ntime=1\n",
    "\x00\x01\x02 binary",
    "[g]\n[g]\n[g]\naddress=a:1\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (garbage); i++)
    {
      g_autoptr(ParlorTokenEntry) entry = NULL;

      write_file (f, garbage[i]);
      g_assert_null (parlor_token_store_lookup (f->path, "a:1"));
      /* Writing over a bad file works, and only the new entry is there. */
      g_assert_true (parlor_token_store_remember (f->path, "a:1", "1", "triad", "aa", "A", NULL));
      entry = parlor_token_store_lookup (f->path, "a:1");
      g_assert_nonnull (entry);
      g_assert_cmpstr (entry->token, ==, "aa");
      g_remove (f->path);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/app/token-store/remember-lookup-forget", Fixture, NULL, fixture_set_up,
              test_remember_lookup_forget, fixture_tear_down);
  g_test_add ("/app/token-store/old-and-bad-entries", Fixture, NULL, fixture_set_up,
              test_old_and_bad, fixture_tear_down);
  g_test_add ("/app/token-store/garbage", Fixture, NULL, fixture_set_up, test_garbage,
              fixture_tear_down);

  return g_test_run ();
}
