/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "manhattan-setup"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "manhattan-setup.h"

struct _ManhattanSetup
{
  GtkWidget      parent_instance;

  GtkWidget     *start_button;
  GtkAdjustment *seconds_adjustment;

  char          *level;
};

G_DEFINE_FINAL_TYPE (ManhattanSetup, manhattan_setup, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_LEVEL,
  PROP_TIME_LIMIT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char * const levels[] = { "random", "normal", "strong", NULL };

/* 0 seconds reads "Off" in the spin button. */
static gboolean
on_seconds_output (ManhattanSetup *self,
                   GtkSpinButton  *spin)
{
  if (gtk_adjustment_get_value (self->seconds_adjustment) >= 0.5)
    return FALSE;
  /* Translators: no time limit per turn */
  gtk_editable_set_text (GTK_EDITABLE (spin), C_("time limit", "Off"));
  return TRUE;
}

static void
on_seconds_changed (ManhattanSetup *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME_LIMIT]);
}

static void
manhattan_setup_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  ManhattanSetup *self = MANHATTAN_SETUP (object);

  switch (prop_id)
    {
    case PROP_LEVEL: g_value_set_string (value, self->level); break;
    case PROP_TIME_LIMIT: g_value_set_uint (value, manhattan_setup_get_time_limit (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
manhattan_setup_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  ManhattanSetup *self = MANHATTAN_SETUP (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      {
        const char *level = g_value_get_string (value);

        /* Anything but a known level (a hand-edited setting, say) is ignored. */
        if (level == NULL || !g_strv_contains (levels, level) || g_strcmp0 (level, self->level) == 0)
          return;
        g_free (self->level);
        self->level = g_strdup (level);
        g_object_notify_by_pspec (object, pspec);
      }
      break;
    case PROP_TIME_LIMIT:
      gtk_adjustment_set_value (self->seconds_adjustment, MIN (g_value_get_uint (value), 300));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
manhattan_setup_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (MANHATTAN_SETUP (widget)->start_button);
}

static void
manhattan_setup_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), MANHATTAN_TYPE_SETUP);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (manhattan_setup_parent_class)->dispose (object);
}

static void
manhattan_setup_finalize (GObject *object)
{
  g_free (MANHATTAN_SETUP (object)->level);

  G_OBJECT_CLASS (manhattan_setup_parent_class)->finalize (object);
}

static void
manhattan_setup_class_init (ManhattanSetupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = manhattan_setup_get_property;
  object_class->set_property = manhattan_setup_set_property;
  object_class->dispose = manhattan_setup_dispose;
  object_class->finalize = manhattan_setup_finalize;
  widget_class->grab_focus = manhattan_setup_grab_focus;

  properties[PROP_LEVEL] =
    g_param_spec_string ("level", NULL, NULL, "normal",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TIME_LIMIT] =
    g_param_spec_uint ("time-limit", NULL, NULL, 0, 300, 60,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/parlorgames/Parlor/manhattan/manhattan-setup.ui");
  gtk_widget_class_bind_template_child (widget_class, ManhattanSetup, start_button);
  gtk_widget_class_bind_template_child (widget_class, ManhattanSetup, seconds_adjustment);
  gtk_widget_class_bind_template_callback (widget_class, on_seconds_output);

  gtk_widget_class_install_property_action (widget_class, "setup.level", "level");

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "manhattan-setup");
}

static void
manhattan_setup_init (ManhattanSetup *self)
{
  self->level = g_strdup ("normal");

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_adjustment_set_value (self->seconds_adjustment, 60);
  g_signal_connect_swapped (self->seconds_adjustment, "value-changed", G_CALLBACK (on_seconds_changed), self);
}

const char *
manhattan_setup_get_level (ManhattanSetup *self)
{
  g_return_val_if_fail (MANHATTAN_IS_SETUP (self), NULL);
  return self->level;
}

guint
manhattan_setup_get_time_limit (ManhattanSetup *self)
{
  g_return_val_if_fail (MANHATTAN_IS_SETUP (self), 0);
  return (guint) gtk_adjustment_get_value (self->seconds_adjustment);
}
