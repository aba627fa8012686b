/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-connection"

#include "config.h"

#include <string.h>

#include "net-test-util.h"
#include "parlor-connection.h"

/* ParlorConnection over memory streams: what goes in is split into lines
 * exactly as a hand-written splitter says. */

typedef struct
{
  GPtrArray *lines;
  guint      overlong;
  gboolean   closed;
  GError    *error;
} Seen;

static void
on_line (ParlorConnection *conn,
         const char       *text,
         gpointer          data)
{
  Seen *seen = data;

  g_ptr_array_add (seen->lines, g_strdup (text));
}

static const ParlorConnectionHandler line_handler = { on_line, NULL };

static void
on_overlong (ParlorConnection *conn,
             Seen             *seen)
{
  seen->overlong++;
  g_ptr_array_add (seen->lines, g_strdup ("<overlong>"));
}

static void
on_closed (ParlorConnection *conn,
           const GError     *error,
           Seen             *seen)
{
  g_assert_false (seen->closed);   /* exactly once */
  seen->closed = TRUE;
  if (error != NULL)
    seen->error = g_error_copy (error);
}

static gboolean
seen_closed (gpointer data)
{
  return ((Seen *) data)->closed;
}

/* The expectation, written independently: split at '\n', drop one '\r'
 * before it, over-long lines become "<overlong>", NUL becomes 0x01. */
static GPtrArray *
split_by_hand (const char *data,
               gsize       len,
               gsize       max)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  gsize start = 0;

  for (gsize i = 0; i < len; i++)
    {
      gsize end;

      if (data[i] != '\n')
        continue;
      end = i;
      if (end > start && data[end - 1] == '\r')
        end--;
      if (i - start > max)
        g_ptr_array_add (lines, g_strdup ("<overlong>"));
      else
        {
          char *line = g_malloc0 (end - start + 1);

          memcpy (line, data + start, end - start);
          for (gsize k = 0; k < end - start; k++)
            if (data[start + k] == '\0')
              line[k] = 0x01;
          g_ptr_array_add (lines, line);
        }
      start = i + 1;
    }

  return lines;
}

static void
run (const char *data,
     gsize       len,
     gsize       max_line,
     Seen       *seen)
{
  g_autoptr(GInputStream) in = g_memory_input_stream_new_from_data (g_memdup2 (data, len), len, g_free);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GIOStream) stream = g_simple_io_stream_new (in, out);
  g_autoptr(ParlorConnection) conn = parlor_connection_new (stream, max_line, 0);

  seen->lines = g_ptr_array_new_with_free_func (g_free);
  parlor_connection_set_handler (conn, &line_handler, seen);
  g_signal_connect (conn, "overlong", G_CALLBACK (on_overlong), seen);
  g_signal_connect (conn, "closed", G_CALLBACK (on_closed), seen);
  parlor_connection_start (conn);
  g_assert_true (net_test_wait (seen_closed, seen, 5000));
  g_signal_handlers_disconnect_by_data (conn, seen);
}

static void
test_split_table (void)
{
#define CASE(text, max) { text, sizeof text - 1, max }
  static const struct { const char *data; gsize len; gsize max; } cases[] = {
    CASE ("a\nb\n", 10),
    CASE ("one\r\ntwo\n\nthree\n", 10),
    CASE ("exactly10!\nelevenchars\nok\n", 10),
    CASE ("nul\0inside\n", 20),
    CASE ("\r\n\r\n", 10),
    CASE ("x\r\r\n", 10),
  };
#undef CASE

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      Seen seen = { 0 };
      g_autoptr(GPtrArray) want = split_by_hand (cases[c].data, cases[c].len, cases[c].max);

      run (cases[c].data, cases[c].len, cases[c].max, &seen);
      g_assert_cmpuint (seen.lines->len, ==, want->len);
      for (guint i = 0; i < want->len; i++)
        g_assert_cmpstr (g_ptr_array_index (seen.lines, i), ==, g_ptr_array_index (want, i));
      g_assert_no_error (seen.error);
      g_ptr_array_unref (seen.lines);
    }
}

static void
test_split_random (void)
{
  GRand *rand = g_rand_new_with_seed (99);

  /* Long inputs cross the 4 KiB reads at every place. */
  for (guint round = 0; round < 40; round++)
    {
      gsize len = g_rand_int_range (rand, 1, 30000);
      g_autofree char *data = g_malloc (len + 1);
      gsize max = g_rand_int_range (rand, 1, 6000);
      g_autoptr(GPtrArray) want = NULL;
      Seen seen = { 0 };

      for (gsize i = 0; i < len; i++)
        {
          guint pick = g_rand_int_range (rand, 0, 100);

          data[i] = pick < 2 ? '\n' : pick < 3 ? '\r' : pick < 4 ? '\0' : 'a' + pick % 26;
        }
      data[len - 1] = '\n';
      want = split_by_hand (data, len, max);
      run (data, len, max, &seen);
      g_assert_cmpuint (seen.lines->len, ==, want->len);
      for (guint i = 0; i < want->len; i++)
        g_assert_cmpstr (g_ptr_array_index (seen.lines, i), ==, g_ptr_array_index (want, i));
      g_assert_no_error (seen.error);
      g_ptr_array_unref (seen.lines);
    }
  g_rand_free (rand);
}

static void
test_end_mid_line (void)
{
  Seen seen = { 0 };

  run ("whole\nhalf", 10, 100, &seen);
  g_assert_cmpuint (seen.lines->len, ==, 1);
  g_assert_error (seen.error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT);
  g_clear_error (&seen.error);
  g_ptr_array_unref (seen.lines);
}

static void
test_output_limit (void)
{
  g_autoptr(GInputStream) in = g_memory_input_stream_new ();
  /* A fixed 16-byte buffer: the writer is stuck after that. */
  g_autoptr(GOutputStream) out = g_memory_output_stream_new (g_malloc (16), 16, NULL, g_free);
  g_autoptr(GIOStream) stream = g_simple_io_stream_new (in, out);
  g_autoptr(ParlorConnection) conn = parlor_connection_new (stream, 100, 64);
  Seen seen = { g_ptr_array_new_with_free_func (g_free) };

  g_signal_connect (conn, "closed", G_CALLBACK (on_closed), &seen);
  for (guint i = 0; i < 10 && !seen.closed; i++)
    parlor_connection_send (conn, "0123456789");
  g_assert_true (seen.closed);
  g_assert_error (seen.error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_cmpuint (parlor_connection_get_queued (conn), ==, 0);
  g_assert_true (parlor_connection_is_closed (conn));
  g_clear_error (&seen.error);
  g_ptr_array_unref (seen.lines);
}

static void
test_sent_lines (void)
{
  g_autoptr(GInputStream) in = g_memory_input_stream_new ();
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GIOStream) stream = g_simple_io_stream_new (in, out);
  g_autoptr(ParlorConnection) conn = parlor_connection_new (stream, 100, 0);
  Seen seen = { g_ptr_array_new_with_free_func (g_free) };
  GMemoryOutputStream *memory = G_MEMORY_OUTPUT_STREAM (out);

  g_signal_connect (conn, "closed", G_CALLBACK (on_closed), &seen);
  parlor_connection_send (conn, "first");
  parlor_connection_send (conn, "second line");
  /* Queued lines leave together, and closing with flush waits for them. */
  parlor_connection_close (conn, TRUE);
  g_assert_true (net_test_wait (seen_closed, &seen, 5000));
  g_assert_no_error (seen.error);
  g_assert_cmpuint (g_memory_output_stream_get_data_size (memory), ==, strlen ("first\nsecond line\n"));
  g_assert_cmpint (memcmp (g_memory_output_stream_get_data (memory), "first\nsecond line\n",
                           strlen ("first\nsecond line\n")), ==, 0);
  /* Nothing more goes out once closed. */
  parlor_connection_send (conn, "late");
  g_assert_cmpuint (parlor_connection_get_queued (conn), ==, 0);
  g_ptr_array_unref (seen.lines);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/connection/split/table", test_split_table);
  g_test_add_func ("/net/connection/split/random-vs-by-hand", test_split_random);
  g_test_add_func ("/net/connection/end-in-the-middle-of-a-line", test_end_mid_line);
  g_test_add_func ("/net/connection/output-limit", test_output_limit);
  g_test_add_func ("/net/connection/sent-lines-flush-then-close", test_sent_lines);

  return g_test_run ();
}
