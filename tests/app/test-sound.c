/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>

#define ALSA_CONF "/usr/share/alsa/alsa.conf"

#include "parlor-sound-private.h"

static gint n_sound_debug;  /* g_debug messages of the sound player (any thread) */

static GLogWriterOutput
count_writer (GLogLevelFlags   log_level,
              const GLogField *fields,
              gsize            n_fields,
              gpointer         user_data)
{
  for (gsize i = 0; i < n_fields; i++)
    {
      if (g_str_equal (fields[i].key, "GLIB_DOMAIN") && fields[i].length < 0
          && g_str_equal (fields[i].value, "parlor-sound")
          && (log_level & G_LOG_LEVEL_DEBUG) != 0)
        g_atomic_int_inc (&n_sound_debug);
    }
  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

static void
test_volume_to_db (void)
{
  /* The cube law of desktop volume sliders: gain = (v/100)³, in dB 60·log₁₀(v/100). */
  static const struct {
    guint  volume;
    double db;
  } cases[] = {
    { 100, 0.0 },
    { 50, -18.0618 },   /* 60 × log₁₀ 0.5 = 60 × −0.30103 */
    { 10, -60.0 },
    { 1, -120.0 },
    { 200, 0.0 },       /* above the range: as 100 */
  };
  double previous = -INFINITY;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpfloat_with_epsilon (parlor_sound_volume_to_db (cases[i].volume), cases[i].db,
                                    0.001);

  g_assert_true (isinf (parlor_sound_volume_to_db (0)));
  g_assert_cmpfloat (parlor_sound_volume_to_db (0), <, 0);

  for (guint v = 1; v <= 100; v++)
    {
      double db = parlor_sound_volume_to_db (v);

      g_assert_cmpfloat (db, >, previous);
      g_assert_cmpfloat (db, <=, 0.0);
      previous = db;
    }
}

static void
test_files (void)
{
  g_autofree char *data_dir = g_test_build_filename (G_TEST_DIST, "..", "data", NULL);
  g_autofree char *custom = NULL;
  g_autofree char *installed = NULL;
  g_autofree char *turn = NULL;
  g_autofree char *round = NULL;
  g_autofree char *expected_installed = g_build_filename (PKGDATADIR, "sounds",
                                                          "round-end.oga", NULL);

  g_setenv ("PARLOR_DATA_DIR", "/somewhere/else", TRUE);
  custom = parlor_sound_dup_file (PARLOR_SOUND_TURN_END);
  g_assert_cmpstr (custom, ==, "/somewhere/else/sounds/turn-end.oga");

  g_unsetenv ("PARLOR_DATA_DIR");
  installed = parlor_sound_dup_file (PARLOR_SOUND_ROUND_END);
  g_assert_cmpstr (installed, ==, expected_installed);

  /* A development run from the source tree finds both sounds. */
  g_setenv ("PARLOR_DATA_DIR", data_dir, TRUE);
  turn = parlor_sound_dup_file (PARLOR_SOUND_TURN_END);
  round = parlor_sound_dup_file (PARLOR_SOUND_ROUND_END);
  g_assert_true (g_file_test (turn, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (round, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpstr (turn, !=, round);
  g_unsetenv ("PARLOR_DATA_DIR");
}

static void
on_notify (GObject    *object,
           GParamSpec *pspec,
           guint      *count)
{
  (*count)++;
}

static void
test_volume_property (void)
{
  ParlorSound *sound = parlor_sound_new ();
  guint notified = 0;
  guint volume = 0;

  g_signal_connect (sound, "notify::volume", G_CALLBACK (on_notify), &notified);
  g_assert_cmpuint (parlor_sound_get_volume (sound), ==, 70);
  parlor_sound_set_volume (sound, 70);
  g_assert_cmpuint (notified, ==, 0);
  g_object_set (sound, "volume", 30, NULL);
  g_assert_cmpuint (notified, ==, 1);
  g_object_get (sound, "volume", &volume, NULL);
  g_assert_cmpuint (volume, ==, 30);
  parlor_sound_set_volume (sound, 1000);
  g_assert_cmpuint (parlor_sound_get_volume (sound), ==, 100);
  g_assert_cmpuint (notified, ==, 2);
  g_assert_finalize_object (sound);
}

static void
test_volume_zero_never_plays (void)
{
  g_autofree char *data_dir = g_test_build_filename (G_TEST_DIST, "..", "data", NULL);
  ParlorSound *sound = parlor_sound_new ();

  g_setenv ("PARLOR_DATA_DIR", data_dir, TRUE);
  parlor_sound_set_volume (sound, 0);
  for (int i = 0; i < 10; i++)
    {
      parlor_sound_play (sound, PARLOR_SOUND_TURN_END);
      parlor_sound_play (sound, PARLOR_SOUND_ROUND_END);
    }
  g_assert_cmpuint (parlor_sound_get_n_requests (sound), ==, 0);

  /* Any other volume does hand the sound over. */
  parlor_sound_set_volume (sound, 1);
  parlor_sound_play (sound, PARLOR_SOUND_TURN_END);
  g_assert_cmpuint (parlor_sound_get_n_requests (sound), ==, 1);
  parlor_sound_set_volume (sound, 0);
  parlor_sound_play (sound, PARLOR_SOUND_ROUND_END);
  g_assert_cmpuint (parlor_sound_get_n_requests (sound), ==, 1);

  g_assert_true (parlor_sound_wait_idle (sound, 10 * G_USEC_PER_SEC));
  g_assert_finalize_object (sound);
  g_unsetenv ("PARLOR_DATA_DIR");
}

/* Points ALSA at a configuration whose default device is @pcm (a fragment of
 * asound.conf), with no sound server: the same on every machine, and silent. */
static char *
use_alsa_device (const char *pcm)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("parlor-sound-XXXXXX", &error);
  g_autofree char *conf = NULL;
  g_autofree char *text = g_strdup_printf ("pcm.!default { %s }\n", pcm);
  g_autofree char *path = NULL;

  g_assert_no_error (error);
  conf = g_build_filename (dir, "asound.conf", NULL);
  g_file_set_contents (conf, text, -1, &error);
  g_assert_no_error (error);
  path = g_strconcat (ALSA_CONF, ":", conf, NULL);
  g_setenv ("ALSA_CONFIG_PATH", path, TRUE);
  g_setenv ("CANBERRA_DRIVER", "alsa", TRUE);
  g_setenv ("PULSE_SERVER", "unix:/nonexistent/pulse/native", TRUE);
  return g_steal_pointer (&dir);
}

static void
forget_alsa_device (char *dir)
{
  g_autofree char *conf = g_build_filename (dir, "asound.conf", NULL);

  g_unsetenv ("ALSA_CONFIG_PATH");
  g_unsetenv ("CANBERRA_DRIVER");
  g_unlink (conf);
  g_rmdir (dir);
  g_free (dir);
}

/* Plays three rounds of both sounds; each hand-over returns at once and the
 * failures (if any) are logged once with g_debug (a warning would abort this
 * test, which runs with G_DEBUG=fatal-warnings). Returns the debug messages. */
static gint
play_rounds (guint volume)
{
  ParlorSound *sound = parlor_sound_new ();
  gint before = g_atomic_int_get (&n_sound_debug);

  parlor_sound_set_volume (sound, volume);
  for (int round = 0; round < 3; round++)
    {
      gint64 start = g_get_monotonic_time ();

      parlor_sound_play (sound, PARLOR_SOUND_TURN_END);
      parlor_sound_play (sound, PARLOR_SOUND_ROUND_END);
      /* Handing over never waits for the device (a generous bound, not a benchmark). */
      g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC);
      g_assert_true (parlor_sound_wait_idle (sound, 20 * G_USEC_PER_SEC));
    }
  g_assert_cmpuint (parlor_sound_get_n_requests (sound), ==, 6);
  g_assert_finalize_object (sound);

  return g_atomic_int_get (&n_sound_debug) - before;
}

static void
test_null_device (void)
{
  g_autofree char *data_dir = g_test_build_filename (G_TEST_DIST, "..", "data", NULL);
  char *alsa = NULL;

  if (!g_file_test (ALSA_CONF, G_FILE_TEST_IS_REGULAR))
    {
      g_test_skip ("no " ALSA_CONF);
      return;
    }
  g_setenv ("PARLOR_DATA_DIR", data_dir, TRUE);
  alsa = use_alsa_device ("type null");

  /* A working device: the files decode and the volume is accepted, no error. */
  g_assert_cmpint (play_rounds (100), ==, 0);
  g_assert_cmpint (play_rounds (50), ==, 0);
  g_assert_cmpint (play_rounds (1), ==, 0);

  forget_alsa_device (alsa);
  g_unsetenv ("PARLOR_DATA_DIR");
}

static void
test_broken_device (void)
{
  g_autofree char *data_dir = g_test_build_filename (G_TEST_DIST, "..", "data", NULL);
  char *alsa = NULL;

  /* No sound device at all. */
  g_setenv ("PARLOR_DATA_DIR", data_dir, TRUE);
  alsa = use_alsa_device ("type hw card 77");
  g_assert_cmpint (play_rounds (70), ==, 1);

  /* No sound files. */
  g_setenv ("PARLOR_DATA_DIR", "/nonexistent/parlor-data", TRUE);
  g_assert_cmpint (play_rounds (70), ==, 1);
  forget_alsa_device (alsa);
  g_assert_cmpint (play_rounds (70), ==, 1);

  g_unsetenv ("PARLOR_DATA_DIR");
}

/* Dropping the player while sounds are queued cancels them safely. */
static void
test_dispose_while_busy (void)
{
  g_autofree char *data_dir = g_test_build_filename (G_TEST_DIST, "..", "data", NULL);

  g_setenv ("PARLOR_DATA_DIR", data_dir, TRUE);
  for (int i = 0; i < 20; i++)
    {
      ParlorSound *sound = parlor_sound_new ();

      for (int j = 0; j < 6; j++)
        parlor_sound_play (sound, j % 2 ? PARLOR_SOUND_TURN_END : PARLOR_SOUND_ROUND_END);
      /* Each is queued or dropped; the queue takes at least its size
       * (the worker may take some meanwhile), and never more than asked. */
      g_assert_cmpuint (parlor_sound_get_n_requests (sound) + parlor_sound_get_n_dropped (sound), ==, 6);
      g_assert_cmpuint (parlor_sound_get_n_requests (sound), >=, MIN (parlor_sound_get_max_pending (), 6));
      g_assert_cmpuint (parlor_sound_get_n_dropped (sound), <=, 6 - MIN (parlor_sound_get_max_pending (), 6));
      g_assert_finalize_object (sound);
    }

  /* The worker lets go of the dropped players soon (this waits for at most 20 s). */
  for (int i = 0; i < 20000 && parlor_sound_get_n_live_backends () > 0; i++)
    g_usleep (1000);
  g_assert_cmpuint (parlor_sound_get_n_live_backends (), ==, 0);
  g_unsetenv ("PARLOR_DATA_DIR");
}

int
main (int   argc,
      char *argv[])
{
  g_log_set_writer_func (count_writer, NULL, NULL);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sound/volume-to-db", test_volume_to_db);
  g_test_add_func ("/sound/files", test_files);
  g_test_add_func ("/sound/volume-property", test_volume_property);
  g_test_add_func ("/sound/volume-zero-never-plays", test_volume_zero_never_plays);
  g_test_add_func ("/sound/null-device", test_null_device);
  g_test_add_func ("/sound/broken-device", test_broken_device);
  g_test_add_func ("/sound/dispose-while-busy", test_dispose_while_busy);

  return g_test_run ();
}
