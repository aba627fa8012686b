/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <math.h>
#include <stdio.h>

#include "cli-commands.h"
#include "cli-json.h"
#include "cli-net.h"

/* parlor-cli loadtest: many tables of bots at once at a LAN host, and the
 * time from an action to every player hearing of it. */

#define LOAD_SEATS 4

typedef struct _Load Load;

typedef struct
{
  Load         *load;
  ParlorCliBot *bots[LOAD_SEATS];
  guint         n_done;
  /* One action → every bot hears of it: the latency sample in flight, from
   * when the action leaves (-1 until then). */
  gint64        sent_at;
  guint         heard;        /* bit per bot */
  gboolean      open;         /* bots[0] opened the table */
  guint         joining;      /* bit per bot asked to join */
} LoadTable;

struct _Load
{
  GMainLoop *loop;
  char      *address;
  char      *level;
  guint      timeout;
  LoadTable *tables;
  guint      n_tables;
  guint      finished;
  guint      completed;
  guint      errors;
  GArray    *samples;     /* double, ms */
  GPtrArray *leaving;     /* LoadTable* whose action leaves this turn */
  GQueue     to_connect;  /* ParlorCliBot* */
  guint      connecting;
};

static void
on_load_action (ParlorCliBot *bot,
                gpointer      data)
{
  LoadTable *lt = data;

  if (lt->sent_at != 0)
    return;
  lt->sent_at = -1;
  lt->heard = 0;
  g_ptr_array_add (lt->load->leaving, lt);
}

/* The bots of a turn choose one after another; their moves leave together. */
static void
on_load_moved (gpointer data)
{
  Load *load = data;
  gint64 now = g_get_monotonic_time ();

  for (guint i = 0; i < load->leaving->len; i++)
    ((LoadTable *) g_ptr_array_index (load->leaving, i))->sent_at = now;
  g_ptr_array_set_size (load->leaving, 0);
}

static void
on_load_heard (ParlorCliBot *bot,
               gpointer      data)
{
  LoadTable *lt = data;

  if (lt->sent_at <= 0)
    return;
  lt->heard |= 1u << bot->index;
  if (lt->heard == (1u << LOAD_SEATS) - 1)
    {
      double ms = (g_get_monotonic_time () - lt->sent_at) / 1000.0;

      g_array_append_val (lt->load->samples, ms);
      lt->sent_at = 0;
    }
}

static void
on_load_done (ParlorCliBot *bot,
              gpointer      data)
{
  LoadTable *lt = data;
  Load *load = lt->load;

  load->errors += bot->errors + (bot->failed ? 1 : 0);
  if (++lt->n_done < LOAD_SEATS)
    return;

  {
    gboolean ok = TRUE;

    for (guint i = 0; i < LOAD_SEATS; i++)
      ok &= lt->bots[i]->result != NULL && !lt->bots[i]->failed;
    load->completed += ok;
  }
  if (++load->finished == load->n_tables)
    g_main_loop_quit (load->loop);
}

static void load_connected (GObject      *object,
                            GAsyncResult *result,
                            gpointer      user_data);

/* Connections are opened a window at a time: a thousand connects at once
 * would each watch a socket in the main loop until it is welcomed, making
 * every turn walk a thousand sources while the first games are played. */
#define LOAD_CONNECT_WINDOW 32

static void
load_connect_next (Load *load)
{
  while (load->connecting < LOAD_CONNECT_WINDOW && !g_queue_is_empty (&load->to_connect))
    {
      ParlorCliBot *bot = g_queue_pop_head (&load->to_connect);

      if (bot->done)
        continue;
      load->connecting++;
      parlor_client_connect_async (bot->client, load->address, 30, NULL, load_connected, bot);
    }
}

/* Once the table is open, the others join it by its id as they come. */
static void
load_join (LoadTable *lt)
{
  const char *id = parlor_client_get_table_id (lt->bots[0]->client);

  if (!lt->open)
    return;
  for (guint i = 1; i < LOAD_SEATS; i++)
    if ((lt->joining & (1u << i)) == 0 &&
        parlor_client_get_state (lt->bots[i]->client) == PARLOR_CLIENT_LOBBY)
      {
        lt->joining |= 1u << i;
        parlor_client_join (lt->bots[i]->client, id);
      }
}

static void
load_connected (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  ParlorCliBot *bot = user_data;
  LoadTable *lt = bot->data;
  g_autoptr(GError) error = NULL;

  lt->load->connecting--;
  load_connect_next (lt->load);

  if (!parlor_client_connect_finish (PARLOR_CLIENT (object), result, &error))
    {
      fprintf (stderr, "%s: %s\n", parlor_client_get_name (bot->client), error->message);
      bot->failed = TRUE;
      parlor_cli_bot_finish (bot);
      /* The others of this table would wait for ever. */
      for (guint i = 0; i < LOAD_SEATS; i++)
        if (lt->bots[i] != bot && !lt->bots[i]->done)
          {
            lt->bots[i]->failed = TRUE;
            parlor_cli_bot_finish (lt->bots[i]);
          }
      return;
    }

  if (bot->index == 0)
    parlor_client_create (bot->client, NULL, NULL);
  else
    load_join (lt);
}

static void
load_joined (ParlorClient *client,
             GParamSpec   *pspec,
             ParlorCliBot *bot)
{
  LoadTable *lt = bot->data;

  if (bot->index != 0 || lt->open || parlor_client_get_state (client) != PARLOR_CLIENT_WAITING)
    return;

  lt->open = TRUE;
  load_join (lt);
}

static void
load_started (ParlorClient *client,
              ParlorCliBot *bot)
{
  parlor_cli_bot_take_game (bot);
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
percentile (GArray *sorted,
            double  p)
{
  guint index;

  if (sorted->len == 0)
    return 0;
  index = (guint) (p * (sorted->len - 1) + 0.5);
  return g_array_index (sorted, double, MIN (index, sorted->len - 1));
}

/* Figures to the hundredth: JSON numbers, whatever the locale. */
static double
round2 (double value)
{
  return floor (value * 100.0 + 0.5) / 100.0;
}

static gboolean
load_timed_out (gpointer data)
{
  Load *load = data;

  fprintf (stderr, "parlor-cli loadtest: gave up after %u s\n", load->timeout);
  g_main_loop_quit (load->loop);
  return G_SOURCE_REMOVE;
}

int
parlor_cli_loadtest (int    argc,
                     char **argv)
{
  g_autofree char *address = NULL;
  g_autofree char *level = NULL;
  int n_tables = 1;
  int think = 0;
  int timeout = 600;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "connect", 0, 0, G_OPTION_ARG_STRING, &address, "Host to load", "HOST:PORT" },
    { "tables", 0, 0, G_OPTION_ARG_INT, &n_tables, "Tables of four bot connections", "T" },
    { "level", 0, 0, G_OPTION_ARG_STRING, &level, "Computer player level", "LEVEL" },
    { "think", 0, 0, G_OPTION_ARG_INT, &think, "Think time of each bot before each move", "MS" },
    { "timeout", 0, 0, G_OPTION_ARG_INT, &timeout, "Give up after this many seconds", "S" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print the figures as JSON", NULL },
    { NULL }
  };
  g_autoptr(GMainLoop) loop = NULL;
  Load load = { 0 };
  gint64 started;
  double seconds, p50, p99, max;
  guint timeout_id;

  if (!parlor_cli_net_parse_options (entries, "Play many games at once at a LAN host and measure it.",
                      &argc, &argv))
    return 2;
  if (address == NULL || n_tables < 1 || n_tables > 10000 || timeout < 1 || think < 0)
    {
      fprintf (stderr, "parlor-cli loadtest: --connect HOST:PORT and --tables 1…10000 are needed\n");
      return 2;
    }

  loop = g_main_loop_new (NULL, FALSE);
  load.loop = loop;
  load.address = address;
  load.level = level != NULL ? level : (char *) "random";
  load.timeout = timeout;
  load.n_tables = n_tables;
  load.tables = g_new0 (LoadTable, n_tables);
  load.samples = g_array_new (FALSE, FALSE, sizeof (double));
  load.leaving = g_ptr_array_new ();
  parlor_cli_bot_set_moved_func (on_load_moved, &load);

  started = g_get_monotonic_time ();
  for (int t = 0; t < n_tables; t++)
    {
      LoadTable *lt = &load.tables[t];

      lt->load = &load;
      for (guint i = 0; i < LOAD_SEATS; i++)
        {
          g_autofree char *name = g_strdup_printf ("load-%d-%u", t, i);
          ParlorCliBot *bot = parlor_cli_bot_new (name, load.level, (guint64) t * LOAD_SEATS + i + 1);

          bot->index = i;
          bot->delay = think;
          bot->data = lt;
          bot->on_done = on_load_done;
          bot->on_action = on_load_action;
          bot->on_heard = on_load_heard;
          lt->bots[i] = bot;
          g_signal_connect (bot->client, "notify::state", G_CALLBACK (load_joined), bot);
          g_signal_connect (bot->client, "started", G_CALLBACK (load_started), bot);
        }
      for (guint i = 0; i < LOAD_SEATS; i++)
        g_queue_push_tail (&load.to_connect, lt->bots[i]);
    }
  load_connect_next (&load);

  timeout_id = g_timeout_add_seconds (timeout, load_timed_out, &load);
  g_main_loop_run (loop);
  if (load.finished == load.n_tables)
    g_source_remove (timeout_id);
  seconds = (g_get_monotonic_time () - started) / 1e6;

  g_array_sort (load.samples, compare_double);
  p50 = percentile (load.samples, 0.50);
  p99 = percentile (load.samples, 0.99);
  max = load.samples->len > 0 ? g_array_index (load.samples, double, load.samples->len - 1) : 0;
  if (load.finished < load.n_tables)
    load.errors += (load.n_tables - load.finished) * LOAD_SEATS;

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "tables");
      json_builder_add_int_value (builder, n_tables);
      json_builder_set_member_name (builder, "completed");
      json_builder_add_int_value (builder, load.completed);
      json_builder_set_member_name (builder, "errors");
      json_builder_add_int_value (builder, load.errors);
      json_builder_set_member_name (builder, "seconds");
      json_builder_add_double_value (builder, round2 (seconds));
      json_builder_set_member_name (builder, "samples");
      json_builder_add_int_value (builder, load.samples->len);
      json_builder_set_member_name (builder, "latency_ms");
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "p50");
      json_builder_add_double_value (builder, round2 (p50));
      json_builder_set_member_name (builder, "p99");
      json_builder_add_double_value (builder, round2 (p99));
      json_builder_set_member_name (builder, "max");
      json_builder_add_double_value (builder, round2 (max));
      json_builder_end_object (builder);
      json_builder_end_object (builder);
      parlor_cli_print_json (builder);
    }
  else
    printf ("tables %d, completed %u, errors %u, %.1f s; action→event latency "
            "p50 %.2f ms, p99 %.2f ms, max %.2f ms (%u samples)\n",
            n_tables, load.completed, load.errors, seconds, p50, p99, max, load.samples->len);
  fflush (stdout);

  for (int t = 0; t < n_tables; t++)
    for (guint i = 0; i < LOAD_SEATS; i++)
      parlor_cli_bot_free (load.tables[t].bots[i]);
  g_free (load.tables);
  g_array_unref (load.samples);
  g_ptr_array_unref (load.leaving);
  g_queue_clear (&load.to_connect);
  parlor_cli_bot_set_moved_func (NULL, NULL);

  return load.completed == (guint) n_tables && load.errors == 0 ? 0 : 1;
}
