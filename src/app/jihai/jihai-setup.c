/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "jihai-setup"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "jihai-setup.h"

struct _JihaiSetup
{
  GtkWidget  parent_instance;

  GtkWidget *start_button;
  char      *level;
};

G_DEFINE_FINAL_TYPE (JihaiSetup, jihai_setup, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_LEVEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char * const levels[] = { "random", "normal", "strong", NULL };

const char *
jihai_level_label (const char *level)
{
  if (g_strcmp0 (level, "random") == 0)
    return _("Easy");
  if (g_strcmp0 (level, "strong") == 0)
    return _("Strong");
  return _("Normal");
}

static void
jihai_setup_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  JihaiSetup *self = JIHAI_SETUP (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      g_value_set_string (value, self->level);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jihai_setup_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  JihaiSetup *self = JIHAI_SETUP (object);
  const char *level;

  switch (prop_id)
    {
    case PROP_LEVEL:
      level = g_value_get_string (value);
      if (level != NULL && g_strv_contains (levels, level) && g_strcmp0 (level, self->level) != 0)
        {
          g_free (self->level);
          self->level = g_strdup (level);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
jihai_setup_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (JIHAI_SETUP (widget)->start_button);
}

static void
jihai_setup_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), JIHAI_TYPE_SETUP);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (jihai_setup_parent_class)->dispose (object);
}

static void
jihai_setup_finalize (GObject *object)
{
  g_free (JIHAI_SETUP (object)->level);

  G_OBJECT_CLASS (jihai_setup_parent_class)->finalize (object);
}

static void
jihai_setup_class_init (JihaiSetupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = jihai_setup_get_property;
  object_class->set_property = jihai_setup_set_property;
  object_class->dispose = jihai_setup_dispose;
  object_class->finalize = jihai_setup_finalize;
  widget_class->grab_focus = jihai_setup_grab_focus;

  properties[PROP_LEVEL] =
    g_param_spec_string ("level", NULL, NULL, "normal",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/parlorgames/Parlor/jihai/jihai-setup.ui");
  gtk_widget_class_bind_template_child (widget_class, JihaiSetup, start_button);

  gtk_widget_class_install_property_action (widget_class, "setup.level", "level");

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
jihai_setup_init (JihaiSetup *self)
{
  self->level = g_strdup ("normal");
  gtk_widget_init_template (GTK_WIDGET (self));
}

const char *
jihai_setup_get_level (JihaiSetup *self)
{
  g_return_val_if_fail (JIHAI_IS_SETUP (self), NULL);
  return self->level;
}
