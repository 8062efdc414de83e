import { projectRunRequest } from './project-run';

describe('projectRunRequest', () => {
  it('puts the entry file first', () => {
    const request = projectRunRequest('python', [
      { path: 'helpers.py', content: 'x = 1' },
      { path: 'main.py', content: 'print(1)' },
    ]);
    expect(request.lessonType).toBe('Python');
    expect(request.files.map((file) => file.name)).toEqual(['main.py', 'helpers.py']);
    expect(request.checks).toEqual([]);
  });

  it('runs an SQL playground’s queries on the database its schema.sql makes', () => {
    const request = projectRunRequest('sql', [
      { path: 'schema.sql', content: 'CREATE TABLE t (a INT);' },
      { path: 'query.sql', content: 'SELECT * FROM t;' },
    ]);
    expect(request).toMatchObject({ lessonType: 'SQL', seed: 'CREATE TABLE t (a INT);', files: [{ name: 'query.sql', content: 'SELECT * FROM t;' }] });
  });

  it('runs JavaScript from main.js', () => {
    expect(projectRunRequest('javascript', [{ path: 'util.js', content: '' }, { path: 'main.js', content: 'console.log(1)' }]).files[0]?.name).toBe('main.js');
  });
});
