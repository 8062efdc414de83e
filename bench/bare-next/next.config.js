// The bare Next.js baseline of `npm run bench:ssr` (issue 18): the same Next, React and Node as
// Codetrail, nothing else, so the bench can print Codetrail's figures as ratios of it.
module.exports = {
  poweredByHeader: false,
  eslint: { ignoreDuringBuilds: true },
};
