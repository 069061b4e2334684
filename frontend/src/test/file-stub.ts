// Jest stands this in for imported stylesheets and images.
export default 'test-file-stub';
