/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-sound"

#include "config.h"

#include <canberra.h>
#include <math.h>

#include "parlor-sound-private.h"

#define VOLUME_MAX   100
#define MAX_PENDING  4   /* sounds waiting for a slow sound device; more are dropped */

/* libcanberra may block (opening a device, reaching a sound server), so every
 * libcanberra call runs on a worker thread and the game never waits for it.
 * A player's backend outlives the ParlorSound while a job still uses it. */
typedef struct
{
  gboolean    error_logged;  /* touched by the worker only */
  gint        cancelled;     /* atomic: the ParlorSound is gone, skip its sounds */

  GMutex      mutex;         /* guards pending */
  GCond       idle;
  guint       pending;
} SoundBackend;

typedef struct
{
  SoundBackend *backend;
  char         *file;
  double        db;
} SoundJob;

struct _ParlorSound
{
  GObject       parent_instance;

  guint         volume;
  guint         n_requests;
  guint         n_dropped;
  SoundBackend *backend;
};

G_DEFINE_FINAL_TYPE (ParlorSound, parlor_sound, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_VOLUME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gint n_live_backends;

static void
sound_backend_clear (gpointer data)
{
  SoundBackend *backend = data;

  g_mutex_clear (&backend->mutex);
  g_cond_clear (&backend->idle);
  g_atomic_int_add (&n_live_backends, -1);
}

static SoundBackend *
sound_backend_new (void)
{
  SoundBackend *backend = g_atomic_rc_box_new0 (SoundBackend);

  g_mutex_init (&backend->mutex);
  g_cond_init (&backend->idle);
  g_atomic_int_inc (&n_live_backends);
  return backend;
}

static void
sound_backend_unref (SoundBackend *backend)
{
  g_atomic_rc_box_release_full (backend, sound_backend_clear);
}

static void
sound_job_free (gpointer data)
{
  SoundJob *job = data;
  SoundBackend *backend = job->backend;

  g_mutex_lock (&backend->mutex);
  backend->pending--;
  g_cond_broadcast (&backend->idle);
  g_mutex_unlock (&backend->mutex);

  sound_backend_unref (backend);
  g_free (job->file);
  g_free (job);
}

static void
log_error_once (SoundBackend *backend,
                const char   *what,
                int           code)
{
  if (backend->error_logged)
    return;
  backend->error_logged = TRUE;
  g_debug ("Game sounds are off: %s: %s", what, ca_strerror (code));
}

/* One context for the whole process, never destroyed: destroying it unloads the
 * libcanberra driver, and the ALSA driver's playback threads may still be
 * running its code then (a crash seen with the ALSA fallback). */
static ca_context *
get_shared_context (int *res)
{
  static GMutex lock;
  static ca_context *context;
  ca_context *result;

  g_mutex_lock (&lock);
  *res = CA_SUCCESS;
  if (context == NULL)
    {
      *res = ca_context_create (&context);
      if (*res == CA_SUCCESS)
        *res = ca_context_change_props (context,
                                        CA_PROP_APPLICATION_NAME, "Parlor",
                                        CA_PROP_APPLICATION_ID, APP_ID,
                                        CA_PROP_APPLICATION_ICON_NAME, APP_ID,
                                        NULL);
      /* Safe to destroy here: no driver is open yet. */
      if (*res != CA_SUCCESS)
        g_clear_pointer (&context, ca_context_destroy);
    }
  result = context;
  g_mutex_unlock (&lock);

  return result;
}

static void
sound_worker (gpointer data,
              gpointer user_data)
{
  SoundJob *job = data;
  SoundBackend *backend = job->backend;
  ca_context *context;
  int res;

  if (g_atomic_int_get (&backend->cancelled))
    {
      sound_job_free (job);
      return;
    }

  context = get_shared_context (&res);
  if (context == NULL)
    {
      log_error_once (backend, "cannot create a sound context", res);
    }
  else
    {
      /* Formatted in this thread's locale, as libcanberra parses it with strtod(). */
      g_autofree char *db = g_strdup_printf ("%.2f", job->db);

      res = ca_context_play (context, 0,
                             CA_PROP_MEDIA_ROLE, "game",
                             CA_PROP_MEDIA_FILENAME, job->file,
                             CA_PROP_CANBERRA_VOLUME, db,
                             NULL);
      if (res != CA_SUCCESS)
        log_error_once (backend, job->file, res);
    }

  sound_job_free (job);
}

/* One worker for all players, never freed (as the context): a queued job always
 * runs, so it always drops its reference to the backend. */
static GThreadPool *
get_shared_pool (void)
{
  static GThreadPool *pool;

  if (g_once_init_enter (&pool))
    {
      /* Not exclusive: creating the pool cannot fail. */
      GThreadPool *new_pool = g_thread_pool_new (sound_worker, NULL, 1, FALSE, NULL);

      g_once_init_leave (&pool, new_pool);
    }
  return pool;
}

/**
 * parlor_sound_volume_to_db:
 * @volume: 0 to 100
 *
 * Maps a volume slider to a gain like the desktop's volume sliders do (the
 * amplitude grows with the cube of the slider position).
 *
 * Returns: the gain in dB: 0 at 100, about −18 at 50, −60 at 10, −∞ at 0
 */
double
parlor_sound_volume_to_db (guint volume)
{
  if (volume == 0)
    return -INFINITY;
  return 60.0 * log10 (MIN (volume, VOLUME_MAX) / (double) VOLUME_MAX);
}

/**
 * parlor_sound_dup_file:
 * @event: a sound
 *
 * Returns: (transfer full) (nullable): the sound's file: in `$PARLOR_DATA_DIR/sounds`
 *   if that variable is set, else in the installed data
 */
char *
parlor_sound_dup_file (ParlorSoundEvent event)
{
  const char *name = NULL;
  const char *data_dir = g_getenv ("PARLOR_DATA_DIR");

  switch (event)
    {
    case PARLOR_SOUND_TURN_END:
      name = "turn-end.oga";
      break;
    case PARLOR_SOUND_ROUND_END:
      name = "round-end.oga";
      break;
    default:
      g_return_val_if_reached (NULL);
    }

  if (data_dir != NULL && data_dir[0] != '\0')
    return g_build_filename (data_dir, "sounds", name, NULL);
  return g_build_filename (PKGDATADIR, "sounds", name, NULL);
}

static void
parlor_sound_dispose (GObject *object)
{
  ParlorSound *self = PARLOR_SOUND (object);

  /* Queued sounds are skipped; the one being played is not waited for. */
  if (self->backend != NULL)
    g_atomic_int_set (&self->backend->cancelled, TRUE);
  g_clear_pointer (&self->backend, sound_backend_unref);

  G_OBJECT_CLASS (parlor_sound_parent_class)->dispose (object);
}

static void
parlor_sound_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  ParlorSound *self = PARLOR_SOUND (object);

  switch (prop_id)
    {
    case PROP_VOLUME:
      g_value_set_uint (value, self->volume);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
parlor_sound_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  ParlorSound *self = PARLOR_SOUND (object);

  switch (prop_id)
    {
    case PROP_VOLUME:
      parlor_sound_set_volume (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
parlor_sound_class_init (ParlorSoundClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = parlor_sound_dispose;
  object_class->get_property = parlor_sound_get_property;
  object_class->set_property = parlor_sound_set_property;

  /* 0 (silent: nothing is played at all) to 100. */
  properties[PROP_VOLUME] =
    g_param_spec_uint ("volume", NULL, NULL,
                       0, VOLUME_MAX, 70,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
parlor_sound_init (ParlorSound *self)
{
  self->volume = 70;
}

/**
 * parlor_sound_new:
 *
 * Returns: (transfer full): a sound player; nothing touches the sound system
 *   until the first sound is played
 */
ParlorSound *
parlor_sound_new (void)
{
  return g_object_new (PARLOR_TYPE_SOUND, NULL);
}

guint
parlor_sound_get_volume (ParlorSound *self)
{
  g_return_val_if_fail (PARLOR_IS_SOUND (self), 0);

  return self->volume;
}

/**
 * parlor_sound_set_volume:
 * @volume: 0 (silent) to 100; larger values are taken as 100
 */
void
parlor_sound_set_volume (ParlorSound *self,
                         guint        volume)
{
  g_return_if_fail (PARLOR_IS_SOUND (self));

  volume = MIN (volume, VOLUME_MAX);
  if (self->volume == volume)
    return;
  self->volume = volume;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VOLUME]);
}

/**
 * parlor_sound_play:
 * @event: the sound to play
 *
 * Starts playing @event at the current volume and returns at once. Nothing
 * happens at volume 0, and a missing sound device or file is only logged
 * (once, with g_debug()).
 */
void
parlor_sound_play (ParlorSound      *self,
                   ParlorSoundEvent  event)
{
  SoundJob *job;
  char *file;

  g_return_if_fail (PARLOR_IS_SOUND (self));

  if (self->volume == 0)
    return;
  file = parlor_sound_dup_file (event);
  if (file == NULL)
    return;

  if (self->backend == NULL)
    self->backend = sound_backend_new ();

  g_mutex_lock (&self->backend->mutex);
  if (self->backend->pending >= MAX_PENDING)
    {
      g_mutex_unlock (&self->backend->mutex);
      g_free (file);
      self->n_dropped++;
      return;
    }
  self->backend->pending++;
  g_mutex_unlock (&self->backend->mutex);

  job = g_new0 (SoundJob, 1);
  job->backend = g_atomic_rc_box_acquire (self->backend);
  job->file = file;
  job->db = parlor_sound_volume_to_db (self->volume);
  self->n_requests++;
  g_thread_pool_push (get_shared_pool (), job, NULL);
}

guint
parlor_sound_get_n_requests (ParlorSound *self)
{
  g_return_val_if_fail (PARLOR_IS_SOUND (self), 0);

  return self->n_requests;
}

/* Sounds not played because too many were waiting already. */
guint
parlor_sound_get_n_dropped (ParlorSound *self)
{
  g_return_val_if_fail (PARLOR_IS_SOUND (self), 0);

  return self->n_dropped;
}

guint
parlor_sound_get_max_pending (void)
{
  return MAX_PENDING;
}

/* Returns FALSE if sounds are still waiting after @timeout_usec. */
gboolean
parlor_sound_wait_idle (ParlorSound *self,
                        gint64       timeout_usec)
{
  gint64 end_time = g_get_monotonic_time () + timeout_usec;
  gboolean idle = TRUE;

  g_return_val_if_fail (PARLOR_IS_SOUND (self), FALSE);

  if (self->backend == NULL)
    return TRUE;

  g_mutex_lock (&self->backend->mutex);
  while (self->backend->pending > 0 && idle)
    idle = g_cond_wait_until (&self->backend->idle, &self->backend->mutex, end_time);
  idle = self->backend->pending == 0;
  g_mutex_unlock (&self->backend->mutex);

  return idle;
}

/* Sound players, alive or disposed, whose worker has not let go of them yet. */
guint
parlor_sound_get_n_live_backends (void)
{
  return g_atomic_int_get (&n_live_backends);
}
