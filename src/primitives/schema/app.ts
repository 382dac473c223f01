import { z } from 'zod';
import { appId, definePrimitive, withExpected } from './define.js';

export const launch_app = definePrimitive({
  name: 'launch_app',
  family: 'app',
  description: 'Start the app fresh, optionally clearing its data and granting permissions first.',
  params: withExpected({
    app: appId.optional(),
    clear_state: z.boolean().optional().describe('clear app data before launching'),
    permissions: z
      .union([z.literal('all'), z.array(z.string().min(1))])
      .optional()
      .describe('runtime permissions to grant before launching: "all" the app declares, or Android permission names'),
  }),
});

export const stop_app = definePrimitive({
  name: 'stop_app',
  family: 'app',
  description: 'Force-stop the app.',
  params: withExpected({ app: appId.optional() }),
});

export const clear_app_data = definePrimitive({
  name: 'clear_app_data',
  family: 'app',
  description: "Erase the app's data and stop it.",
  params: withExpected({ app: appId.optional() }),
});

export const open_link = definePrimitive({
  name: 'open_link',
  family: 'app',
  description: 'Open a URL or deep link in whichever app handles it.',
  params: withExpected({
    url: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9+.-]*:\S+$/)
      .describe('URL with a scheme, e.g. https://example.com or shop://item/7'),
  }),
});
