import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // BUILD_DIR lets parallel work (or a test run) build elsewhere; the default is build/.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: true,
} satisfies Config;
