export default "lazy value";
